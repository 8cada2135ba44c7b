/** Settings whose values are never sent back to the browser (the mail settings live in site-config). */
export const SECRET_SETTINGS = new Set(['mailSmtpPass', 'smsAccessKeySecret', 'paySandboxSecret']);
