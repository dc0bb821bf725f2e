import type { ReactNode } from 'react';
import { t } from '../shell-messages';
import { Button } from './button';

/** A paged list's footer: what it holds, then Previous, "Page N of M" and Next. */
export function Pager({
  summary,
  page,
  pages,
  onPage,
}: {
  summary: ReactNode;
  page: number;
  pages: number;
  onPage: (page: number) => void;
}) {
  return (
    <div className="flex items-center justify-between text-sm">
      <span>{summary}</span>
      <div className="flex items-center gap-2">
        <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          {t('previous')}
        </Button>
        <span>{t('pageOf', { page, pages })}</span>
        <Button
          size="sm"
          variant="outline"
          disabled={page >= pages}
          onClick={() => onPage(page + 1)}
        >
          {t('next')}
        </Button>
      </div>
    </div>
  );
}
