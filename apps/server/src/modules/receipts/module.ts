import { defineModule } from '../../core/module.js';
import { receiptGuestRoutes } from './guest-routes.js';
import { receiptRoutes } from './routes.js';

/** Receipts for the guest and for the staff. */
export const receiptsModule = defineModule({
  name: 'receipts',
  routes: [receiptGuestRoutes, receiptRoutes],
});
