import { genDesignSchema, type GenDesign } from '@framecraft/contracts/crud/generator';

/** A design with five field kinds and a relation (the E2E journey uses the same shape). */
export function bookDesign(table: string, authorTable: string): GenDesign {
  const base = { comment: '', length: 255, default: '', nullable: false, options: [], rules: [], relation: null, list: { show: true, operator: 'none', sortable: false, quickSearch: false, width: 0 } } as const;
  return genDesignSchema.parse({
    source: 'new',
    table,
    title: 'Books',
    icon: 'BookOutlined',
    fields: [
      { ...base, name: 'title', label: 'Title', dbType: 'varchar', length: 120, component: 'text', rules: ['required'], list: { ...base.list, operator: 'like', quickSearch: true, sortable: true } },
      { ...base, name: 'price', label: 'Price', dbType: 'integer', component: 'money', default: '0', list: { ...base.list, operator: 'range', sortable: true } },
      { ...base, name: 'state', label: 'State', dbType: 'varchar', length: 20, component: 'select', options: ['draft', 'live'], default: 'draft', list: { ...base.list, operator: 'eq' } },
      { ...base, name: 'featured', label: 'Featured', dbType: 'smallint', component: 'switch', default: '0' },
      { ...base, name: 'published', label: 'Published', dbType: 'timestamptz', component: 'date', nullable: true, comment: 'When it went live' },
      { ...base, name: 'kind', label: 'Kind', dbType: 'varchar', length: 20, component: 'radio', options: ['paper', 'ebook'], default: 'paper' },
      { ...base, name: 'author_id', label: 'Author', dbType: 'integer', component: 'remoteSelect', default: '0', relation: { table: authorTable, labelField: 'name', controller: '', filter: true } },
    ],
  });
}
