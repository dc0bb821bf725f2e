import {
  createContext,
  useContext,
  useRef,
  useState,
  type FormEvent,
  type FormHTMLAttributes,
  type ReactNode,
} from 'react';
import { getLocale } from '@/lib/i18n';
import type { Checked } from '@/lib/validate';
import { t } from '../shell-messages';
import { Alert } from './alert';
import { Button, type ButtonProps } from './button';
import { toast } from './toast';

/** A toast's words: what was saved, or what went wrong. */
export interface Notice {
  title: string;
  description?: string;
}

/**
 * A refusal decided in the browser before anything is sent (a form's own check). Its `title`,
 * when given, names it in the red toast instead of the form's failure title ("Invalid price").
 */
export class Refusal extends Error {
  constructor(
    message: string,
    readonly title?: string,
  ) {
    super(message);
    this.name = 'Refusal';
  }
}

/** Stops a save with this reason, shown like a refusal from the server. */
export function refuse(message: string, title?: string): never {
  throw new Refusal(message, title);
}

/** A form's values checked by a contract schema: the data to send, or the save is refused. */
export function checkedOrRefuse<T>(checked: Checked<T>): T {
  if (!checked.ok) refuse(checked.error);
  return checked.data;
}

/** The words of a failure: the server's (ApiError) or a refusal's message, else a fallback. */
export const problemText = (error: unknown) =>
  error instanceof Error ? error.message : t('tryAgain');

/**
 * A refusal decided in the browser in the reader's language, when its words are a refusal of the
 * server's catalog (a password rule a schema checks): the catalog loads with the first refusal.
 */
async function inReaderLanguage(error: unknown): Promise<unknown> {
  if (!(error instanceof Refusal) || getLocale() === 'en') return error;
  try {
    const { refusalMessage } = await import('@/lib/refusals');
    const message = refusalMessage('VALIDATION', null, error.message);
    return message === error.message ? error : new Refusal(message, error.title);
  } catch {
    return error;
  }
}

/** The red toast of a failed action, titled by what could not be done (or by the refusal). */
export function toastProblem(title: string, error: unknown): void {
  toast({
    title: error instanceof Refusal && error.title ? error.title : title,
    description: problemText(error),
    variant: 'destructive',
  });
}

/**
 * An action outside a form (a row's Activate, a switch): runs it, then the success toast, or the
 * red toast titled `failure` with the reason. Resolves to whether it succeeded.
 */
export async function runSave<T>(
  work: () => Promise<T>,
  {
    success,
    failure,
    onSaved,
  }: {
    success?: Notice | ((result: T) => Notice);
    failure: string;
    onSaved?: (result: T) => void;
  },
): Promise<boolean> {
  try {
    const result = await work();
    if (success) toast(typeof success === 'function' ? success(result) : success);
    onSaved?.(result);
    return true;
  } catch (error) {
    toastProblem(failure, await inReaderLanguage(error));
    return false;
  }
}

export interface FormState {
  pending: boolean;
  problem: string | null;
  /** Notes which submit button sent the form (its click comes before the submit). */
  choose: (action: string | undefined) => void;
  /** Clears the refusal (the person is changing what was refused). */
  dismiss: () => void;
}

const FormContext = createContext<FormState>({
  pending: false,
  problem: null,
  choose: () => {},
  dismiss: () => {},
});

/** Whether the Form around is saving, and why its last save failed. */
export const useFormState = () => useContext(FormContext);

export interface FormProps<T> extends Omit<
  FormHTMLAttributes<HTMLFormElement>,
  'onSubmit' | 'children'
> {
  /**
   * The save: throws an ApiError or a Refusal (see `refuse`) when it fails. Told the `action` of
   * the FormSubmit that sent it, where a form has more than one.
   */
  onSubmit: (action: string | undefined) => Promise<T> | T;
  /** The toast once saved. */
  success?: Notice | ((result: T) => Notice);
  /** After the success toast: close a dialog, clear the form. */
  onSaved?: (result: T) => void;
  /**
   * Where a failure shows: without it, in the form's FormAlert; with it, as a red toast with this
   * title and the reason under it.
   */
  errorToast?: string;
  /** Keeps the submit button disabled (another save of the same data is running). */
  busy?: boolean;
  /** The fields; a function of the form's state where a field shows the refusal itself. */
  children: ReactNode | ((state: FormState) => ReactNode);
}

/**
 * A form that saves: Enter or its FormSubmit runs `onSubmit` once at a time, the button is
 * disabled meanwhile, then the success toast, or the reason in FormAlert or a red toast.
 */
export function Form<T>({
  onSubmit,
  success,
  onSaved,
  errorToast,
  busy = false,
  children,
  ...props
}: FormProps<T>) {
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  // A second Enter while the first save runs must not send it twice.
  const running = useRef(false);
  const action = useRef<string | undefined>(undefined);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (running.current || busy) return;
    running.current = true;
    setPending(true);
    setProblem(null);
    try {
      const result = await onSubmit(action.current);
      if (success) toast(typeof success === 'function' ? success(result) : success);
      onSaved?.(result);
    } catch (caught) {
      const error = await inReaderLanguage(caught);
      if (errorToast) toastProblem(errorToast, error);
      else setProblem(problemText(error));
    } finally {
      running.current = false;
      action.current = undefined;
      setPending(false);
    }
  };
  const choose = (chosen: string | undefined) => {
    if (!running.current) action.current = chosen;
  };

  const state: FormState = {
    pending: pending || busy,
    problem,
    choose,
    dismiss: () => setProblem(null),
  };
  return (
    <FormContext.Provider value={state}>
      <form onSubmit={(e) => void submit(e)} {...props}>
        {typeof children === 'function' ? children(state) : children}
      </form>
    </FormContext.Provider>
  );
}

/** The reason the form's last save failed, where the form wants it (nothing while it has none). */
export function FormAlert({ className }: { className?: string }) {
  const { problem } = useFormState();
  return problem ? (
    <Alert tone="error" className={className}>
      {problem}
    </Alert>
  ) : null;
}

/**
 * The form's submit button: disabled while it saves, with `pendingText` then if given. A second
 * one names its `action`, handed to the form's onSubmit.
 */
export function FormSubmit({
  disabled,
  pendingText,
  action,
  onClick,
  children,
  ...props
}: Omit<ButtonProps, 'type'> & { pendingText?: ReactNode; action?: string }) {
  const { pending, choose } = useFormState();
  return (
    <Button
      type="submit"
      disabled={pending || disabled}
      onClick={(event) => {
        choose(action);
        onClick?.(event);
      }}
      {...props}
    >
      {pending && pendingText ? pendingText : children}
    </Button>
  );
}
