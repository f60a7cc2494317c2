// Talking to the companion: JSON in and out, the CSRF token on every change.

export const session = { host: false, seat: null, csrf_token: null, pin_set: false };

export class Refused extends Error {}

async function answer(response) {
  let body = null;
  try {
    body = await response.json();
  } catch {
    throw new Refused(`the companion answered ${response.status} without a message`);
  }
  if (!response.ok) throw new Refused(body.error || `refused (${response.status})`);
  return body;
}

export async function get(url) {
  return answer(await fetch(url, { headers: { Accept: "application/json" } }));
}

export async function post(url, body = {}) {
  const response = await fetch(url, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-CSRF-Token": session.csrf_token || "" },
    body: JSON.stringify(body),
  });
  return answer(response);
}

export async function upload(url, form) {
  const response = await fetch(url, {
    method: "POST",
    headers: { "X-CSRF-Token": session.csrf_token || "" },
    body: form,
  });
  return answer(response);
}
