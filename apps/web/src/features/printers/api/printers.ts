import type {
  CreatePrinterInput,
  PrintReceiptInput,
  StationPrintersInput,
  UpdatePrinterInput,
} from '@tavola/contract';
import { printersRoutes } from '@tavola/contract/refs';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { useInvalidateOnEvents } from '@/lib/realtime/use-live-query';

/** The printers and the print jobs, as the printers screen and the displays' alert cache them. */
export const printersKey = ['printers'] as const;
const jobsKey = ['printers', 'jobs'] as const;

export const getPrintersQueryOptions = () =>
  queryOptions({
    queryKey: printersKey,
    queryFn: ({ signal }) => call(printersRoutes.listPrinters, {}, { signal }),
  });

/** The printers with their status; they reload when a printer's status changes. */
export function usePrinters() {
  useInvalidateOnEvents(printersKey, ['printer_status_changed', 'print_job_rerouted']);
  return useQuery(getPrintersQueryOptions());
}

/** The last print jobs (the manager's screen). */
export function usePrintJobs() {
  useInvalidateOnEvents(jobsKey, ['printer_status_changed', 'print_job_rerouted']);
  return useQuery({
    queryKey: jobsKey,
    queryFn: ({ signal }) => call(printersRoutes.listPrintJobs, {}, { signal }),
  });
}

/** Saves reload the printers (their stations and status) and the jobs. */
function usePrinterMutation<I, O>(fn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: printersKey }),
  });
}

export const useCreatePrinter = () =>
  usePrinterMutation((body: CreatePrinterInput) => call(printersRoutes.createPrinter, { body }));

export const useUpdatePrinter = () =>
  usePrinterMutation(({ id, body }: { id: string; body: UpdatePrinterInput }) =>
    call(printersRoutes.updatePrinter, { params: { id }, body }),
  );

export const useDeletePrinter = () =>
  usePrinterMutation((id: string) => call(printersRoutes.deletePrinter, { params: { id } }));

export const useSetStationPrinters = () =>
  usePrinterMutation(({ station, body }: { station: string; body: StationPrintersInput }) =>
    call(printersRoutes.setStationPrinters, { params: { station }, body }),
  );

export const useTestPrinter = () =>
  usePrinterMutation((id: string) => call(printersRoutes.testPrinter, { params: { id } }));

export const useReprintTicket = () =>
  usePrinterMutation((id: string) => call(printersRoutes.reprintTicket, { params: { id } }));

/** An order's tickets again (the order history). */
export const useReprintOrder = () =>
  usePrinterMutation((orderNumber: number) =>
    call(printersRoutes.reprintOrder, { body: { orderNumber } }),
  );

/** A receipt's copy on the receipt printer, by its number or by its order's. */
export const usePrintReceipt = () =>
  usePrinterMutation((body: PrintReceiptInput) => call(printersRoutes.printReceipt, { body }));

/** A day's Z report on the receipt printer. */
export const usePrintZReport = () =>
  usePrinterMutation((date: string) => call(printersRoutes.printZReport, { body: { date } }));

const agentsKey = ['printers', 'agents'] as const;

/** The print agents and whether each is connected now. */
export function usePrintAgents() {
  return useQuery({
    queryKey: agentsKey,
    queryFn: ({ signal }) => call(printersRoutes.listPrintAgents, {}, { signal }),
  });
}

export const useCreatePrintAgent = () =>
  usePrinterMutation((name: string) => call(printersRoutes.createPrintAgent, { body: { name } }));

export const useRevokePrintAgent = () =>
  usePrinterMutation((id: string) => call(printersRoutes.revokePrintAgent, { params: { id } }));
