import { tablesRoutes } from '@tavola/contract/refs';
import { downloadRoute } from '@/lib/download';

/** Every table's code on one printable PDF. */
export const downloadAllTableQr = () =>
  downloadRoute(tablesRoutes.getTableQrPdf, {}, 'table-qr-codes.pdf');

export const downloadTableQr = (table: { id: string; number: number }, format: 'png' | 'svg') =>
  downloadRoute(
    format === 'png' ? tablesRoutes.getTableQrPng : tablesRoutes.getTableQrSvg,
    { params: { id: table.id } },
    `table-${table.number}.${format}`,
  );
