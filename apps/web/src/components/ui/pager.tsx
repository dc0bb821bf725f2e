import type { ReactNode } from 'react';
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
          Previous
        </Button>
        <span>
          Page {page} of {pages}
        </span>
        <Button
          size="sm"
          variant="outline"
          disabled={page >= pages}
          onClick={() => onPage(page + 1)}
        >
          Next
        </Button>
      </div>
    </div>
  );
}
