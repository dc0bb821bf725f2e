import { Link } from 'react-router';
import { copyright, FOOTER_ANCHORS, FOOTER_LABEL, FOOTER_LINKS } from '../content';

export function SiteFooter({ brandName }: { brandName: string }) {
  return (
    <footer className="bg-stone-900 py-10 text-stone-300">
      <div className="mx-auto flex max-w-6xl flex-wrap justify-between gap-6 px-4 text-sm">
        <p>{copyright(new Date().getFullYear(), brandName)}</p>
        <nav aria-label={FOOTER_LABEL}>
          <ul className="flex flex-wrap gap-4">
            {FOOTER_ANCHORS.map((a) => (
              <li key={a.href}>
                <a href={a.href} className="hover:text-white">
                  {a.label}
                </a>
              </li>
            ))}
            {FOOTER_LINKS.map((l) => (
              <li key={l.to}>
                <Link to={l.to} className="hover:text-white">
                  {l.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </footer>
  );
}
