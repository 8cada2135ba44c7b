import { formatDate } from '@framecraft/contracts/date';
import { formatMoney } from '@framecraft/contracts/money';
import type { TFunction } from 'i18next';
import { isValidElement, type ReactNode } from 'react';
import { seededName } from './seeded-names.ts';
import type { CrudField, Row } from './types.ts';

/** The visible text of rendered cell content: strings and numbers of the elements' children. */
export function nodeText(node: ReactNode): string {
  if (node === null || node === undefined || typeof node === 'boolean') return '';
  if (typeof node === 'string' || typeof node === 'number' || typeof node === 'bigint') return String(node);
  if (Array.isArray(node)) return node.map(nodeText).join('');
  if (isValidElement<{ children?: ReactNode }>(node)) return nodeText(node.props.children);
  return '';
}

export const isOn = (value: unknown) => value === 1 || value === true || value === 'enable';

/** The text of a cell as the table shows it: a column's `text`, else its `render`'s text, else by field type. */
export function cellText(field: CrudField, row: Row, t: TFunction): string {
  const value = row[field.name];
  const column = field.column || undefined;
  if (column?.text) return column.text(value, row, t);
  if (column?.render) return nodeText(column.render(value, row));
  if (value === null || value === undefined) return '';
  switch (field.type) {
    case 'datetime':
      return typeof value === 'number' && value > 0 ? formatDate(value) : '';
    case 'money':
      return `¥${formatMoney(Number(value))}`;
    case 'switch':
      return t(isOn(value) ? 'common.enabled' : 'common.disabled');
    case 'select': {
      const option = field.options?.find((o) => String(o.value) === String(value));
      return option ? t(option.label) : String(value);
    }
  }
  if (Array.isArray(value)) return value.join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return seededName(t, String(value));
}
