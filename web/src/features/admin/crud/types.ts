import type { ReactNode } from 'react';

export type FieldType = 'text' | 'textarea' | 'number' | 'email' | 'password' | 'switch' | 'select' | 'remoteSelect' | 'datetime';

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
        /**
         * The cell as plain text, for the CSV/Excel export (and the table when there is no
         * `render`). Without it the export takes the text of what `render` returns.
         */
        text?: (value: unknown, row: Row, t: (key: string) => string) => string;
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

export interface CrudTableProps {
  /** Server controller, e.g. `organization/department` → `/admin/organization/department/index`. */
  controller: string;
  fields: CrudField[];
  /** Rows carry `weigh`: drag to sort. */
  weigh?: boolean;
  /** Rows come back as a tree (`children`). */
  tree?: boolean;
  /** Buttons offered (each still needs its node): default all the server offers. */
  actions?: ('add' | 'edit' | 'del' | 'export')[];
  /** Extra buttons per row. */
  rowActions?: (row: Row, reload: () => void) => ReactNode;
  /** Extra buttons on the toolbar. */
  toolbar?: (selected: Row[], reload: () => void) => ReactNode;
  /** Turn a row into the edit form's values (e.g. arrays from strings). */
  toForm?: (row: Row) => Record<string, unknown>;
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
