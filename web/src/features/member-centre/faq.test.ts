import { describe, expect, it } from 'vitest';
import { splitFaq } from './faq.ts';

describe('splitFaq', () => {
  it('turns each <h3> into a question with the HTML after it as the answer', () => {
    const { intro, items } = splitFaq('<p>Hello</p><h3 class="q">Where &amp; when?</h3><p>Here.</p><ul><li>a</li></ul><h3>Why <em>not</em>?</h3><p>Because.</p>');
    expect(intro).toBe('<p>Hello</p>');
    expect(items).toEqual([
      { question: 'Where & when?', answer: '<p>Here.</p><ul><li>a</li></ul>' },
      { question: 'Why not?', answer: '<p>Because.</p>' },
    ]);
  });

  it('keeps text without questions as the intro', () => {
    expect(splitFaq('<p>Only text</p>')).toEqual({ intro: '<p>Only text</p>', items: [] });
  });
});
