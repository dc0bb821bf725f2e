import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { DataTable } from '../data-table';
import { Field } from '../field';
import { Form, FormAlert, FormSubmit, refuse } from '../form';
import { Input } from '../input';
import { dismissToast, Toaster } from '../toast';

// The toast lives outside React; one test's must not show in the next.
beforeEach(() => dismissToast());

function Limits({ save, errorToast }: { save: (n: number) => Promise<void>; errorToast?: string }) {
  const [value, setValue] = useState('5');
  return (
    <>
      <Form
        onSubmit={() => (value === '' ? refuse('Enter a number') : save(Number(value)))}
        success={{ title: 'Limits saved' }}
        errorToast={errorToast}
      >
        <Field label="Emails a day" hint="Counted in UTC days">
          <Input value={value} onChange={(e) => setValue(e.target.value)} />
        </Field>
        <FormAlert />
        <FormSubmit pendingText="Saving…">Save limits</FormSubmit>
      </Form>
      <Toaster />
    </>
  );
}

describe('Field', () => {
  it('names its control by the label and describes it by the hint and the error', () => {
    render(
      <Field label="Table number" hint="1 to 999" error="Already taken">
        <Input />
      </Field>,
    );
    const input = screen.getByLabelText('Table number');
    expect(input).toHaveAccessibleDescription('1 to 999 Already taken');
    expect(input).toHaveAttribute('aria-invalid', 'true');
  });

  it('keeps a given id and leaves a valid control unmarked', () => {
    render(
      <Field label="Name" id="staff-name">
        <Input />
      </Field>,
    );
    const input = screen.getByLabelText('Name');
    expect(input).toHaveAttribute('id', 'staff-name');
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(input).not.toHaveAttribute('aria-describedby');
  });
});

describe('Form', () => {
  it('saves once, disables its button meanwhile and toasts the success', async () => {
    const user = userEvent.setup();
    let finish: () => void = () => {};
    const calls: number[] = [];
    render(
      <Limits
        save={(n) => {
          calls.push(n);
          return new Promise<void>((resolve) => (finish = resolve));
        }}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Save limits' }));
    const button = screen.getByRole('button', { name: 'Saving…' });
    expect(button).toBeDisabled();
    await user.type(screen.getByLabelText('Emails a day'), '{Enter}');
    finish();
    expect(await screen.findByRole('status')).toHaveTextContent('Limits saved');
    expect(calls).toEqual([5]);
    expect(screen.getByRole('button', { name: 'Save limits' })).toBeEnabled();
  });

  it("shows the server's refusal in its alert, and a refusal of its own the same way", async () => {
    const user = userEvent.setup();
    render(
      <Limits
        save={() => Promise.reject(new ApiError('Limit must be at most 1000', 400, 'OUT_OF_RANGE'))}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Save limits' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Limit must be at most 1000');
    await user.clear(screen.getByLabelText('Emails a day'));
    await user.click(screen.getByRole('button', { name: 'Save limits' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Enter a number'));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('toasts the failure under the given title when asked to', async () => {
    const user = userEvent.setup();
    render(
      <Limits errorToast="Unable to save" save={() => Promise.reject(new ApiError('Nope', 409))} />,
    );
    await user.click(screen.getByRole('button', { name: 'Save limits' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Unable to save');
    expect(alert).toHaveTextContent('Nope');
  });
});

describe('DataTable', () => {
  const columns = [
    {
      key: 'name',
      header: 'Name',
      cell: (r: { id: number; name: string }) => r.name,
      rowHeader: true,
    },
    { key: 'id', header: 'Number', cell: (r: { id: number; name: string }) => r.id },
  ];

  it('is a table with column headers, a header cell per row and the rows in order', () => {
    render(
      <DataTable
        label="Tables"
        columns={columns}
        rows={[
          { id: 1, name: 'Window' },
          { id: 2, name: 'Garden' },
        ]}
        rowKey={(r) => r.id}
        empty="No tables"
      />,
    );
    const table = screen.getByRole('table', { name: 'Tables' });
    expect(table).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Name',
      'Number',
    ]);
    expect(screen.getAllByRole('rowheader').map((h) => h.textContent)).toEqual([
      'Window',
      'Garden',
    ]);
  });

  it('says it is loading in place of the table, then that it is empty across all columns', () => {
    const { rerender } = render(
      <DataTable
        columns={columns}
        rows={undefined}
        rowKey={(r) => r.id}
        loading
        empty="No tables"
      />,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    expect(screen.queryByRole('table')).toBeNull();
    rerender(<DataTable columns={columns} rows={[]} rowKey={(r) => r.id} empty="No tables" />);
    expect(screen.getByRole('cell', { name: 'No tables' })).toHaveAttribute('colspan', '2');
  });
});
