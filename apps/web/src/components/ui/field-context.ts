import { createContext, useContext } from 'react';

/** What a Field hands to the one control inside it: its id and what describes it. */
export interface FieldControl {
  id: string;
  describedBy: string | undefined;
  invalid: boolean;
}

export const FieldContext = createContext<FieldControl | null>(null);

/**
 * The id, aria-describedby and aria-invalid of the Field around a control (Input, Select,
 * Textarea, Switch read it), each overridden by what the control is given itself.
 */
export function useFieldProps(own: {
  id?: string;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean | 'true' | 'false' | 'grammar' | 'spelling';
}) {
  const field = useContext(FieldContext);
  return {
    id: own.id ?? field?.id,
    'aria-describedby': own['aria-describedby'] ?? field?.describedBy,
    'aria-invalid': own['aria-invalid'] ?? (field?.invalid ? true : undefined),
  };
}
