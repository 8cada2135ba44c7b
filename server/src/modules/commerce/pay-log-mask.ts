/**
 * Secrets never reach the pay log (decision 036): provider payloads are stored with their sensitive
 * fields masked — signatures, keys, secrets, tokens, card data — so an admin reading the log (or an
 * export of it) sees what happened without being able to replay or forge anything. The body's
 * shape is kept: JSON stays JSON with the values replaced, a form stays a form.
 */
export const MASK = '***';

/** Field names (any nesting, any case) whose values are masked. */
const SENSITIVE = /^(sign|signature|sig|paysign|pay_sign|client_secret|secret|.*_secret|.*secret_key|api_?key|.*private_key|key|.*_token|token|access_token|password|passwd|card|cards|card_number|number|cvc|cvv|cvc_check|exp_month|exp_year|fingerprint|iban|account_number|routing_number|stripe-signature|wechatpay-signature|authorization)$/i;

export const isSensitiveField = (name: string) => SENSITIVE.test(name);

function maskValue(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(maskValue);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, isSensitiveField(k) ? MASK : maskValue(v)]));
  }
  return value;
}

/** A raw provider payload (JSON, form or text) with its sensitive fields masked. */
export function maskPayload(raw: string): string {
  const text = raw.trim();
  if (!text) return raw;
  if (text.startsWith('{') || text.startsWith('[')) {
    try {
      return JSON.stringify(maskValue(JSON.parse(text)));
    } catch {
      // Not JSON after all: fall through to the form/text rules.
    }
  }
  if (/^[^=&\s]+=[^&]*(&[^=&\s]+=[^&]*)*$/.test(text)) {
    return text
      .split('&')
      .map((pair) => {
        const [name = '', ...rest] = pair.split('=');
        let decoded = name;
        try {
          decoded = decodeURIComponent(name.replaceAll('+', ' '));
        } catch {
          // Keep the name as sent.
        }
        return isSensitiveField(decoded) ? `${name}=${MASK}` : `${name}=${rest.join('=')}`;
      })
      .join('&');
  }
  // Free text (XML, plain): mask `name=value` / `"name": "value"` / `<name>value</name>` of sensitive names.
  return text
    .replace(/<(sign|signature|key|secret|paySign)>([^<]*)<\/\1>/gi, (_m, tag: string) => `<${tag}>${MASK}</${tag}>`)
    .replace(/\b(sign|signature|secret|api_key|client_secret)=([^&\s,;]+)/gi, (_m, name: string) => `${name}=${MASK}`);
}
