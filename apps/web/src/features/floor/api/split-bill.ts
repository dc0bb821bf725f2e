import { splitBill } from '@/components/bills/split-request';
import { useFloorMutation } from './floor-mutation';

export const useSplitBill = () => useFloorMutation(splitBill);
