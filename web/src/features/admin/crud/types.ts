import type { CrudTableDef } from '@framecraft/contracts/crud/define';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import type { FieldOverrides } from './from-contract.ts';

export type FieldType =
  | 'text'
  | 'textarea'
  | 'number'
  | 'email'
  | 'password'
  | 'switch'
  | 'select'
  | 'remoteSelect'
  | 'datetime'
  /** Integer cents on the wire; typed as yuan with two decimals, read with `parseMoney` (decision 018). */
  | 'money'
  /** A stored image URL: upload with crop in the form, a thumbnail in the table. */
  | 'image'
  /** HTML: the Tiptap editor in the form (the server sanitises it), never a column. */
  | 'richText';

export interface Option {
  value: string | number;
  /** Translation key in the `admin` namespace, or plain text. */
  label: string;
  color?: string;
}

/** A remote select: options come from another CRUD controller's `index?select=true`. */
export interface RemoteSource {
  controller: string;
  labelField: string;
  valueField?: string;
  multiple?: boolean;
  /** The source is a tree (`pid`): shown as a tree select. */
  tree?: boolean;
  /** Extra value offered before the rows, e.g. `0` = top level. */
  root?: Option;
}

export type Row = Record<string, unknown> & { id: number };

/** One column of a server export (decision 040): what the server formats, with the admin's texts. */
export interface ExportColumnSpec {
  name: string;
  title: string;
  format: 'text' | 'money' | 'datetime' | 'enum' | 'switch';
  labels?: Record<string, string>;
}

/**
 * One field of an admin table, declared once: its column, its filter, its form item.
 * `label` is a key of the `admin` translation namespace (`fields.<name>` when left out).
 */
export interface CrudField {
  name: string;
  label?: string;
  type?: FieldType;
  options?: Option[];
  remote?: RemoteSource;
  /** A custom form input (e.g. the rule tree of a group). */
  input?: (props: { value?: unknown; onChange?: (value: unknown) => void }) => ReactNode;
  /** Column: false hides it from the table; `sortable` and `filter` are checked by the server too. */
  column?:
    | false
    | {
        sortable?: boolean;
        /** Filter widget generated from the type (text → LIKE, number → RANGE, datetime → RANGE, select → =). */
        filter?: boolean;
        width?: number;
        /** Hidden until the admin shows it in the column settings. */
        hidden?: boolean;
        render?: (value: unknown, row: Row) => ReactNode;
        /** The cell as plain text (the table uses it when there is no `render`). */
        text?: (value: unknown, row: Row, t: TFunction) => string;
        /** What the server export writes for this column, e.g. `user.username` (a relation's field); default the field. */
        exportPath?: string;
        /** The exported cell is a name the installation seeded (a group): written translated, as shown. */
        exportSeededName?: boolean;
        /** How the export writes the cell when the field's type does not say (e.g. cents shown as yuan). */
        exportFormat?: 'money';
        /** Only a filter (e.g. `user.username` of a relation), not a column. */
        filterOnly?: boolean;
      };
  /** Form item: false leaves the field out of the add/edit dialog. */
  form?:
    | false
    | {
        required?: boolean;
        /** Only in the add dialog (e.g. a password that edit leaves blank). */
        addOnly?: boolean;
        defaultValue?: unknown;
        help?: string;
      };
}

/** A table from its contracts definition (CRUD v2, decisions 040 and 050), with `overrides` for a custom render or input. */
export type CrudTableProps<R extends Row = Row> = CrudTableOptions<R> & { definition: CrudTableDef; overrides?: FieldOverrides };

export interface CrudTableOptions<R extends Row = Row> {
  /** Rows carry `weigh`: drag to sort. */
  weigh?: boolean;
  /** Rows come back as a tree (`children`). */
  tree?: boolean;
  /** Buttons offered (each still needs its node): default all the server offers. */
  actions?: ('add' | 'edit' | 'del' | 'export')[];
  /** Extra buttons per row. */
  rowActions?: (row: R, reload: () => void) => ReactNode;
  /** Extra buttons on the toolbar. */
  toolbar?: (selected: R[], reload: () => void) => ReactNode;
  /** Turn a row into the edit form's values (e.g. arrays from strings). */
  toForm?: (row: R) => Record<string, unknown>;
  /** Turn form values into the body sent to add/edit. */
  fromForm?: (values: Record<string, unknown>) => Record<string, unknown>;
  /** Default order (`field,asc|desc`). */
  defaultOrder?: string;
  /**
   * The add dialog sends `idempotency_key`: one per opened dialog, the same on every retry, so a
   * repeated save cannot add twice (balance and points adjustments, decision 019).
   */
  idempotentAdd?: boolean;
}
