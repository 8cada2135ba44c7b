import { describe, expect, it } from 'vitest';
import {
  adminRefundInput,
  cartAddInput,
  cartRemoveInput,
  orderCreateSchemaFor,
  orderListQuery,
  orderNoInput,
  paySubmitInput,
  purchaseLinkInput,
} from './commerce.ts';
import { messages } from './messages.ts';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe('commerce inputs', () => {
  it('refuse unknown fields with one message key', () => {
    expect(firstMessage(cartAddInput.safeParse({ item_id: 1, price: 1 }))).toBe('commerce.unknownParameter');
    expect(firstMessage(orderCreateSchemaFor({ items: [1], amount: 1 }).safeParse({ items: [1], amount: 1 }))).toBe('commerce.unknownParameter');
    expect(firstMessage(paySubmitInput.safeParse({ order_no: '202611251234567890', method: 'balance', amount: 1 }))).toBe('commerce.unknownParameter');
  });

  it('take a course order, a vip order and a top-up order; bad amounts are refused', () => {
    expect(orderCreateSchemaFor({ items: [1, 2] }).parse({ items: [1, 2] })).toEqual({ items: [1, 2] });
    expect(orderCreateSchemaFor({ kind: 'vip' }).parse({ kind: 'vip', tier_id: 3 })).toEqual({ kind: 'vip', tier_id: 3 });
    const topup = (amount: unknown) => orderCreateSchemaFor({ kind: 'topup' }).safeParse({ kind: 'topup', amount });
    expect(topup(1000).success).toBe(true);
    for (const bad of [-1, 0, 10.5, '100']) expect(firstMessage(topup(bad)), String(bad)).toBe('commerce.amountInvalid');
    expect(firstMessage(topup(10 ** 12))).toBe('commerce.amountTooLarge');
    expect(firstMessage(orderCreateSchemaFor({ items: [] }).safeParse({ items: [] }))).toBe('commerce.itemsRequired');
    expect(firstMessage(orderCreateSchemaFor({ items: [1, 1] }).safeParse({ items: [1, 1] }))).toBe('commerce.duplicateItems');
    expect(firstMessage(orderCreateSchemaFor({ items: ['x'] }).safeParse({ items: ['x'] }))).toBe('commerce.itemNotFound');
  });

  it('answer a malformed order number like an unknown order', () => {
    expect(orderNoInput.safeParse({ order_no: '202611251234567890' }).success).toBe(true);
    for (const bad of ['1', '20261125abcdefghij', '', 42]) expect(firstMessage(orderNoInput.safeParse({ order_no: bad }))).toBe('commerce.orderNotFound');
  });

  it('page and filter orders; remove lines by ids; a link names one file or one lesson', () => {
    expect(orderListQuery.parse({ state: 'paid', page: '2' })).toEqual({ state: 'paid', page: 2, limit: 10 });
    expect(orderListQuery.parse({ state: '' })).toEqual({ page: 1, limit: 10 });
    expect(orderListQuery.safeParse({ state: 'lost' }).success).toBe(false);
    expect(firstMessage(cartRemoveInput.safeParse({ ids: [] }))).toBe('commerce.cartIdsRequired');
    expect(purchaseLinkInput.safeParse({ item_id: 1, file_id: 2 }).success).toBe(true);
    expect(firstMessage(purchaseLinkInput.safeParse({ item_id: 1 }))).toBe('commerce.fileOrLesson');
    expect(firstMessage(purchaseLinkInput.safeParse({ item_id: 1, file_id: 2, lesson_id: 3 }))).toBe('commerce.fileOrLesson');
    expect(adminRefundInput.parse({ id: 1, amount: 100 })).toEqual({ id: 1, amount: 100, memo: '' });
  });

  it('have every message in both languages', () => {
    const keys = (o: object, p = ''): string[] =>
      Object.entries(o).flatMap(([k, v]) => (typeof v === 'string' ? [p + k] : keys(v as object, `${p}${k}.`)));
    expect(keys(messages['zh-cn'].commerce).sort()).toEqual(keys(messages.en.commerce).sort());
  });
});
