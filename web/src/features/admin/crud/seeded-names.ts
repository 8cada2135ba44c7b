/**
 * Names the installation seeds in English (groups); wherever the back office shows one that is
 * still unchanged, it shows the translation of the admin's language instead.
 */
const SEEDED: Record<string, string> = {
  'Super administrators': 'fields.superGroup',
  'Default group': 'fields.defaultGroup',
  'Catalogue editors': 'admin-crud:editorGroup',
};

export function seededName(t: (key: string) => string, name: string): string {
  const key = SEEDED[name];
  return key ? t(key) : name;
}

/** Each seeded name with its translation: the export writes names as the table shows them. */
export function seededNameLabels(t: (key: string) => string): Record<string, string> {
  return Object.fromEntries(Object.entries(SEEDED).map(([name, key]) => [name, t(key)]));
}
