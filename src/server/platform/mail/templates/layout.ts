import { CODE_TTL_MINUTES } from '../../../../common/limits';

export type Template = { subject: string; text: string; html: string };

export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function layout(appName: string, paragraphs: string[]): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${p}</p>`).join('');
  return `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#0f172a;max-width:560px;margin:auto;padding:24px"><h1 style="font-size:20px">${escapeHtml(appName)}</h1>${body}</body></html>`;
}

export function verificationCodeMail(appName: string, code: string, purpose: 'login' | 'register'): Template {
  const action = purpose === 'register' ? 'finish creating your account' : 'sign in';
  const text = `Your ${appName} verification code is ${code}.\n\nEnter it to ${action}. It expires in ${CODE_TTL_MINUTES} minutes and works once. If you did not ask for it, ignore this e-mail.`;
  return {
    subject: `${code} is your ${appName} verification code`,
    text,
    html: layout(appName, [
      `Your verification code is <strong style="font-size:24px;letter-spacing:4px">${code}</strong>`,
      `Enter it to ${action}. It expires in ${CODE_TTL_MINUTES} minutes and works once.`,
      'If you did not ask for it, ignore this e-mail.',
    ]),
  };
}

export function approvalMail(appName: string, firstName: string, appUrl: string): Template {
  const text = `Hello ${firstName},\n\nYour ${appName} account has been approved. Sign in at ${appUrl}/login to start learning.`;
  return {
    subject: `Your ${appName} account has been approved`,
    text,
    html: layout(appName, [
      `Hello ${escapeHtml(firstName)},`,
      `Your account has been approved. <a href="${escapeHtml(appUrl)}/login">Sign in</a> to start learning.`,
    ]),
  };
}

/** The sender's account address is the one the server knows; the reply address is what they typed. */
export function contactMail(appName: string, from: { name: string; accountEmail: string; replyEmail: string }, message: string): Template {
  const replyNote = from.replyEmail === from.accountEmail ? '' : ` (reply address given in the form: ${from.replyEmail})`;
  const text = `Message from ${from.name} <${from.accountEmail}>${replyNote} via the ${appName} contact form:\n\n${message}`;
  return {
    subject: `Contact form: message from ${from.name}`,
    text,
    html: layout(appName, [
      `Message from ${escapeHtml(from.name)} &lt;${escapeHtml(from.accountEmail)}&gt;${escapeHtml(replyNote)} via the contact form:`,
      escapeHtml(message).replace(/\n/g, '<br>'),
    ]),
  };
}

/** To the address's owner, once per pause: someone kept entering wrong codes for it. */
export function signInLockedMail(appName: string, wrongCodes: number, minutes: number): Template {
  const pause = minutes >= 60 ? `${Math.round(minutes / 60)} hour${minutes >= 90 ? 's' : ''}` : `${minutes} minutes`;
  const lines = [
    `Someone entered ${wrongCodes} wrong sign-in codes for this address. To keep your account safe, sign-in with a code for it is paused for ${pause}, except in browsers you have signed in with before.`,
    'If it was you, wait and ask for a new code. If it was not, you need do nothing: without a code from this mailbox nobody can sign in.',
  ];
  return {
    subject: `Sign-in to ${appName} paused after wrong codes`,
    text: lines.join('\n\n'),
    html: layout(appName, lines.map(escapeHtml)),
  };
}
