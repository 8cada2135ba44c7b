/** One exported column: its header and the text of a row's cell. */
export interface ExportColumn {
  title: string;
  text: (row: Record<string, unknown>) => string | number;
}

function download(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

const csvCell = (value: string | number) => {
  const text = String(value);
  // A leading = + - @ would run as a formula in a spreadsheet: neutralise it.
  const safe = /^[=+\-@\t\r]/.test(text) && !/^-?\d+(\.\d+)?$/.test(text) ? `'${text}` : text;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

/** CSV with a byte-order mark, so spreadsheet programs read Chinese text as UTF-8. */
export function exportCsv(columns: ExportColumn[], rows: Record<string, unknown>[], fileName: string) {
  const lines = [columns.map((c) => csvCell(c.title)).join(','), ...rows.map((r) => columns.map((c) => csvCell(c.text(r))).join(','))];
  download(new Blob(['\uFEFF', lines.join('\r\n')], { type: 'text/csv;charset=utf-8' }), `${fileName}.csv`);
}

/** An .xlsx workbook; exceljs is loaded only when an admin exports. */
export async function exportExcel(columns: ExportColumn[], rows: Record<string, unknown>[], fileName: string) {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(fileName.slice(0, 31));
  sheet.columns = columns.map((c) => ({ header: c.title, width: Math.min(40, Math.max(10, c.title.length + 4)) }));
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) sheet.addRow(columns.map((c) => c.text(row)));
  const buffer = await workbook.xlsx.writeBuffer();
  download(new Blob([buffer], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }), `${fileName}.xlsx`);
}
