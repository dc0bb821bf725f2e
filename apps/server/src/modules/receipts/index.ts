// What other modules may use of receipts: issuing one inside a payment's unit of work.
export { issueReceipt, staffReceipt, type IssueReceiptInput } from './service.js';
