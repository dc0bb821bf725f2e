import { Component, type ErrorInfo, type ReactNode } from 'react';

export function RouterErrorPage({ detail }: { detail?: string | null }) {
  return (
    <main className="mx-auto flex min-h-screen max-w-xl flex-col justify-center gap-4 p-6">
      <h1 className="text-2xl font-bold text-red-700">Unexpected Application Error!</h1>
      {detail && (
        <p className="rounded-lg bg-red-50 p-3 font-mono text-sm text-red-800">{detail}</p>
      )}
      <p className="text-stone-600">
        Reload the page to try again. If it keeps happening, tell your manager.
      </p>
      <a href="/" className="font-semibold text-brand-700 underline">
        Go to the home page
      </a>
    </main>
  );
}

/** Catches render errors and failed route loads anywhere under the router. */
export class AppErrorBoundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('Unexpected application error', error, info.componentStack);
  }

  override render() {
    if (this.state.error) return <RouterErrorPage detail={this.state.error.message} />;
    return this.props.children;
  }
}
