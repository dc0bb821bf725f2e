import { download } from '@/lib/download';

/** Every table's code on one printable PDF. */
export const downloadAllTableQr = () => download('/api/tables/qr.pdf', 'table-qr-codes.pdf');

export const downloadTableQr = (table: { id: string; number: number }, format: 'png' | 'svg') =>
  download(`/api/tables/${table.id}/qr.${format}`, `table-${table.number}.${format}`);
