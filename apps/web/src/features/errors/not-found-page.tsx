import { Link } from 'react-router';

export default function NotFoundPage() {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 p-6 text-center">
      <p className="text-7xl font-black text-brand-700">404</p>
      <h1 className="text-2xl font-bold">Oops! Page not found</h1>
      <p className="text-stone-600">The page you are looking for does not exist or has moved.</p>
      <Link
        to="/"
        className="inline-flex min-h-11 items-center rounded-lg bg-brand-700 px-5 font-semibold text-white hover:bg-brand-800"
      >
        Return to Home
      </Link>
    </main>
  );
}
