/** One question of the FAQ text and its answer (HTML). */
export interface FaqItem {
  question: string;
  answer: string;
}

const decode = (html: string) =>
  html
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .trim();

/**
 * The FAQ setting is rich text where each `<h3>` is a question and what follows it the answer.
 * Text before the first question is returned as `intro`; without any `<h3>` everything is intro.
 */
export function splitFaq(html: string): { intro: string; items: FaqItem[] } {
  const parts = html.split(/<h3[^>]*>([\s\S]*?)<\/h3>/i);
  const intro = parts[0]!.trim();
  const items: FaqItem[] = [];
  for (let i = 1; i < parts.length; i += 2) items.push({ question: decode(parts[i]!), answer: (parts[i + 1] ?? '').trim() });
  return { intro, items: items.filter((item) => item.question) };
}
