/** Files the portal hands to the professional: CSV for Excel in Brazil, and saving a Blob. */

/**
 * One CSV cell. Text is kept from running as a formula (CSV injection) and quoted when it holds `;`, a quote
 * or a line break. A number is written bare with a decimal comma and no thousands separator (`70,5`), as
 * the API's exports write them, so Excel in pt-BR reads a number.
 */
export function safeCell(value: string | number): string {
  if (typeof value === 'number')
    return Number.isFinite(value)
      ? value.toLocaleString('pt-BR', { useGrouping: false, maximumFractionDigits: 20 })
      : '';
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[;"\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A CSV Excel opens right in Brazil: UTF-8 with BOM, `;` between cells, CRLF between rows. */
export function toCsv(rows: (string | number)[][]): string {
  return `\uFEFF${rows.map((r) => r.map(safeCell).join(';')).join('\r\n')}\r\n`;
}

/** Saves a Blob as a file through a temporary link. */
export function downloadBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** The file name a download comes with (`filename*` first), or null. */
export function fileNameFromDisposition(header: string | null | undefined): string | null {
  if (!header) return null;
  const star = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1].trim());
    } catch {
      // fall through to the plain name
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(header);
  return plain?.[1]?.trim() || null;
}
