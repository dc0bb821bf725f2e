import { RESTAURANT_UNAVAILABLE_FOR_GUESTS } from '../../platform/guest-notices.js';
import type { RefusalCode } from '../refusals.js';

/**
 * The server's refusals in English, by code, word for word as the product has always sent them.
 * Placeholders follow ICU MessageFormat (see formatMessage): `{date}`, `{count, number}`,
 * `{count, plural, one {…} other {…}}`, `{format, select, pdf {…} other {…}}`. Another language
 * is a file of the same shape beside this one.
 */
export const refusalsEn = {
  DAY_CLOSED: 'The business day {date} is already closed',
  DAY_NOT_CLOSED: 'The business day {date} is not closed',
  DAY_NOT_BEGUN: 'The business day {date} has not begun yet',
  DAY_REOPEN_REASON_REQUIRED: 'Give a reason for reopening the day',
  DAY_PAYMENTS_IN_PROGRESS:
    'Payments are being recorded for this day right now; try again in a moment',
  DAY_CLOSE_IN_PROGRESS: 'The business day is being closed right now; try again in a moment',

  RESTAURANT_NOT_FOUND: 'Restaurant not found',
  TABLE_NOT_FOUND: 'Table not found',
  GUEST_TABLE_NOT_FOUND: 'Table not found. Please scan the QR code on your table again.',
  ORDER_NOT_FOUND: 'Order not found',
  ORDER_LINE_NOT_FOUND: 'Order line not found',
  TICKET_NOT_FOUND: 'Ticket not found',
  WAITER_NOT_FOUND: 'Waiter not found',
  MENU_ITEM_NOT_FOUND: 'Menu item not found',
  MENU_CATEGORY_EMPTY: 'No menu item is in this category',
  DINING_SESSION_NOT_FOUND: 'Dining session not found',

  RESTAURANT_UNAVAILABLE_FOR_GUESTS,
  TABLE_NOT_TAKING_ORDERS:
    'This table is not taking orders right now. Please ask a member of staff.',
  TABLE_BEING_SETTLED: 'This table is being settled right now. Please try again in a moment.',
  GUEST_COUNT_ABOVE_MAX:
    "customerCount must be at most {max} (the restaurant's max table capacity)",
  NOTHING_TO_PAY: 'Nothing has been ordered yet. Place your order first, or call the waiter.',

  IDEMPOTENCY_KEY_BILL_CLOSED:
    'This Idempotency-Key was already used at this table for a bill that is now closed; send a new key for a new order',
  IDEMPOTENCY_KEY_REUSED:
    'This Idempotency-Key was already used for a different order; send a new key for a new order',
  MENU_ITEM_UNKNOWN: 'Unknown menu item: {id}',
  MENU_ITEM_UNAVAILABLE: '{item} is not available right now',
  ORDER_QUANTITY_ABOVE_MAX: 'quantity of {item} must be at most {max}',
  ORDER_TOTAL_ABOVE_MAX:
    'This order is too large for one order (at most {amount} {currency}); split it, or ask your waiter',
  BILL_TOTAL_LIMIT_REACHED:
    "This table's bill has reached its limit of {amount} {currency}; ask your waiter to settle it before ordering more",
  SERVE_NOT_YOUR_TABLE: 'Only the waiter assigned to this table can mark its orders served',
  SERVE_ORDER_NOT_READY: 'Mark Served only when the order is ready (order #{order} is {status})',

  ORDER_TABLE_HELD:
    'Table {table} is held by {waiter}: ask them to hand it over, or a manager to reassign it',
  OPEN_ITEM_NOT_ALLOWED:
    'You may not ring up open-priced items; ask a manager to grant you the permission',
  TAB_NOT_FOUND: 'Tab not found',
  TAB_CLOSED: 'This tab is already closed; open a new one',
  TAB_PICKUP_IN_PAST: 'The pickup time must not be in the past',
  TAB_HAS_UNPAID_ORDERS:
    'This tab has {count} unpaid {count, plural, one {order} other {orders}}: take payment, or void {count, plural, one {it} other {them}} first',

  VOID_BILL_PAID: 'Order #{order} is on a bill that is already paid; a paid bill cannot be voided',
  VOID_ORDER_ALREADY_VOIDED: 'Order #{order} is already voided',
  VOID_LINE_ALREADY_VOIDED: '{item} on order #{order} is already voided',
  MOVE_TO_SAME_TABLE: 'Choose another table than table {table}',
  MOVE_NO_OPEN_BILL: 'Table {table} has no open bill to move',
  MOVE_BILL_HAS_PAYMENTS:
    'Table {table} has a payment on its bill: take the rest of it there, then seat the guests again',
  MOVE_ORDER_NOT_ON_BILL: 'Order not found on the open bill of table {table}',
  MOVE_LINE_NOT_ON_BILL: 'Line not found on the open bill of table {table}',
  MOVE_LINE_VOIDED: '{item} on order #{order} is voided: nothing of it is left to move',
  MOVE_LINE_QUANTITY_ABOVE_LEFT: 'Only {left} of {item} on order #{order} can move',
  SPLIT_NO_OPEN_BILL: 'Table {table} has no open bill to split',
  SPLIT_BILL_HAS_PAYMENTS:
    'Table {table} has a payment on its bill: take the rest of it before splitting it',
  SPLIT_WHOLE_BILL: 'Leave something on the bill of table {table}: a split takes part of it',
  SPLIT_TOO_MANY_CHECKS: 'Table {table} has {max} open checks already: settle one first',
  // Checks of one table
  CHECK_NOT_OPEN: 'Table {table} has no open check {check}',
  SPLIT_SAME_CHECK: 'Choose another check than check {check} of table {table}',
  CLOSE_TABLE_CHECKS_UNPAID:
    'Table {table} still has unpaid orders on {checks}: take their payment first (or a manager closes it)',
  ORDER_LINE_STARTED:
    'The {station} has started order #{order}: {item} can no longer be changed, only voided by a manager',
  ORDER_LINE_HAS_VOID: '{item} on order #{order} has a void: it can no longer be changed',
  VOID_QUANTITY_ABOVE_LEFT:
    'Only {left} × {item} {left, plural, one {is} other {are}} left to void on order #{order}',

  DISCOUNT_BILL_SETTLED: 'This bill is already settled; its discounts cannot change',
  DISCOUNT_NOT_FOUND: 'Discount not found',
  DISCOUNT_REASON_NOT_FOUND: 'Discount reason not found',
  DISCOUNT_REASON_REQUIRED: "Choose a reason from the restaurant's list",
  DISCOUNT_REASON_NAME_TAKEN: 'The reason "{name}" is already on the list',
  DISCOUNT_REASONS_LIMIT: 'The list holds at most {max} reasons',
  DISCOUNT_LINE_NOTHING_LEFT: 'Nothing is left to discount on {item}',
  DISCOUNT_BILL_NOTHING_LEFT: 'Nothing is left to discount on this bill',
  DISCOUNT_ABOVE_PERCENT_LIMIT: 'This discount is above your limit of {max}%; ask a manager',
  DISCOUNT_ABOVE_AMOUNT_LIMIT:
    'This discount is above your limit of {max} {currency}; ask a manager',
  DISCOUNT_NOT_ALLOWED: 'You may not give discounts; ask a manager',
  COMP_NOT_ALLOWED: 'You may not comp items; ask a manager',
  DISCOUNT_NOT_YOUR_TABLE:
    'Only the waiter serving this bill, or a manager, can change its discounts',
  DISCOUNT_REMOVE_NOT_YOURS: 'Only a manager can take back a discount someone else gave',
  DISCOUNT_BELOW_PAID:
    'This discount would bring the bill to or below what has already been paid ({paid} {currency})',

  BILL_ALREADY_CLOSED: 'This bill is already closed',
  PAY_NOT_YOUR_TABLE: 'Only the waiter assigned to this table can mark it paid',
  PAY_BILL_EMPTY: 'There is nothing on this bill to pay: close it instead',
  PAY_ORDERS_NOT_SERVED: 'Mark Paid only when every order is served',
  PAY_AMOUNT_NOT_NUMBER: 'amount must be a number',
  PAY_AMOUNT_BELOW_BILL: 'The amount received is less than the bill and tip ({amount} {currency})',
  PAY_CAPTURE_ABOVE_BILL:
    'This capture ({amount} {currency}) is more than the bill still owes ({owed} {currency})',
  PAY_CAPTURE_BILL_SETTLED:
    'This bill is already settled: the capture of {amount} {currency} was not taken',
  PAY_SPLIT_LINE_PAID:
    'Someone at the table has just paid for what you chose. The bill now has {remaining} {currency} left to pay',
  PAY_SPLIT_ABOVE_BALANCE:
    'That is more than the bill still owes: {remaining} {currency} left to pay',
  PAY_BALANCE_CHANGED:
    'The bill changed while you were paying: your part is now {amount} {currency}, and {remaining} {currency} are left to pay',
  PAY_NOTHING_LEFT: 'This bill is already paid',
  PAY_LINE_UNKNOWN: 'That line is not on the table’s bill',
  PAYMENT_PROVIDER_NOT_CONNECTED:
    'Card payments through {provider} are not set up at this restaurant yet',
  PAYMENT_PROVIDER_UNAVAILABLE:
    'Card payments through {provider} cannot be reached right now. Try again in a moment, or ask your waiter',

  CLOSE_TABLE_NOT_YOURS: 'Only the waiter serving table {table}, or a manager, can close it',
  CLOSE_TABLE_NO_SESSION: 'Table {table} has no open session to close',
  CLOSE_TABLE_UNPAID_ORDERS:
    'Table {table} has {count} unpaid {count, plural, one {order} other {orders}}: take the payment (Mark Paid), or ask a manager to close it',
  CLOSE_TABLE_REASON_REQUIRED: 'A reason is required to close a table with unpaid orders',
  CLOSE_TABLE_CHOICE_REQUIRED: 'Choose whether to void or settle the unpaid orders',
  CLOSE_TABLE_METHOD_REQUIRED: 'Choose how the bill was paid (cash or card) to settle it',
  TABLE_AVAILABLE_WITH_UNPAID_ORDERS:
    'Table {table} has unpaid orders: use Close table to void or settle them first',

  TABLE_NUMBER_TAKEN: 'Table {table} already exists',
  TABLE_CAPACITY_ABOVE_MAX:
    "Capacity must be at most {max} guests (the restaurant's max table capacity)",
  TABLE_HAS_OPEN_BILL: 'Table {table} has guests with an open bill; settle it first',
  TABLE_REMOVE_OPEN_SESSION:
    'Table {table} has an open dining session; settle it before removing the table',
  TABLE_ALREADY_ASSIGNED: 'Table {table} is already assigned to {waiter}',
  WAITER_OFF_DUTY: '{waiter} is off duty; choose a waiter on duty',
  WAITER_DEACTIVATED: '{waiter} is deactivated; choose a waiter on duty',
  HAND_OVER_NOT_YOURS: 'You can hand over only your own tables; table {table} is not yours',
  HAND_OVER_SAME_WAITER: 'Choose a waiter other than {waiter}',

  TICKET_WRONG_STATION: 'Only {station} staff can update this ticket',
  TICKET_RECALL_EXPIRED: 'Served tickets can be recalled for {minutes} minutes only',
  TICKET_ACTION_REFUSED: 'Cannot {action} a ticket that is {status}',
  PRIORITY_NOT_YOUR_TABLE:
    'Only the waiter assigned to this table or a manager can change its priority',
  TICKET_PRIORITY_FIXED: 'The priority of a {status} ticket cannot change',
  ORDER_PRIORITY_FIXED: 'The priority of a {status} order cannot change',

  REQUEST_NOT_YOUR_TABLE: 'Only the waiter assigned to this table can respond',
  REQUEST_NO_NEW_ORDER: 'No such new order at this table',
  REQUEST_NO_OPEN_REQUEST: 'No such open request at this table',

  REVIEW_NO_VISIT: 'There is no visit to review at this table yet.',
  REVIEW_BEFORE_ORDER: 'You can leave a review after your first order.',
  REVIEW_ALREADY_LEFT: 'This visit has already been reviewed. Thank you!',
  REVIEW_VISIT_NOT_FOUND: 'Visit not found',

  RECEIPT_NOT_FOUND: 'Receipt not found',
  RECEIPT_NONE_FOR_VISIT: 'There is no receipt for this visit yet',
  RECEIPT_PAID_BEFORE_RECEIPTS: 'Order #{order} was paid before receipts were issued',
  RECEIPT_BILL_NOT_PAID: 'Order #{order} has no receipt: its bill is not paid',

  MENU_PRICE_NOT_POSITIVE: 'Price must be greater than zero',
  OPTION_GROUP_NOT_FOUND: 'Option group not found',
  OPTION_NOT_FOUND: 'Option not found',
  OPTION_UNKNOWN: '{item} has no option {id}',
  OPTION_UNAVAILABLE: '{group}: {option} is not available right now',
  OPTION_PICKED_TWICE: '{group}: {option} is chosen twice',
  OPTION_ABOVE_MAX_PER_OPTION:
    '{group}: {option} can be chosen at most {max} {max, plural, one {time} other {times}}',
  OPTION_GROUP_BELOW_MIN: '{group}: choose at least {min}',
  OPTION_GROUP_ABOVE_MAX: '{group}: choose at most {max}',
  OPTION_PRE_MODIFIER_REQUIRED:
    '{group}: say how you want {option} (No, Light, Extra or On the side)',
  OPTION_PRE_MODIFIER_NOT_OFFERED: '{group}: {option} cannot be chosen that way',
  MENU_IMPORT_NOT_CSV: 'The file is not readable as CSV: {reason}',
  MENU_IMPORT_EMPTY: 'The file has no rows under its header',
  MENU_IMPORT_TOO_MANY_ROWS: 'The file has more than {max, number} rows',
  MENU_IMPORT_MISSING_COLUMN: 'The header has no column "{column}"',
  MENU_IMPORT_UNKNOWN_COLUMN: 'The header has a column "{column}" the layout does not know',
  MENU_IMPORT_UNKNOWN_TYPE: 'type must be item, group or option, not "{value}"',
  MENU_IMPORT_NOT_A_NUMBER: '{column} must be a number, not "{value}"',
  MENU_IMPORT_NOT_YES_NO: '{column} must be yes or no, not "{value}"',
  MENU_IMPORT_UNKNOWN_VALUE: '{column} must be one of {allowed}, not "{value}"',
  MENU_IMPORT_DUPLICATE: '"{name}" is in the file more than once (first on row {first, number})',
  MENU_IMPORT_UNKNOWN_GROUP: 'There is no option group "{group}" in the file or on the menu',
  MENU_IMPORT_INVALID: '{reason}',
  MENU_IMPORT_HAS_ERRORS:
    'The file has {count, plural, one {# mistake} other {# mistakes}}: nothing was imported. Check it first to see them by row',

  // --- Allergens and diets ---
  ALLERGEN_CONTAINS_AND_TRACES:
    '{allergen} is either contained or a trace ("may contain"), not both',
  DIET_CONTRADICTS_ALLERGEN: 'A dish with {allergen} cannot be declared {diet}',
  // --- end of allergens and diets ---

  EXPORT_TOO_MANY_ENTRIES:
    'These filters match {total, number} entries; a CSV export holds at most {max, number}. Choose a shorter period or a narrower filter.',
  EXPORT_TOO_MANY_ORDERS:
    'This period has {total, number} orders; a {format} export holds at most {max, number} orders. Choose a shorter period{format, select, PDF {, or export CSV} other {}}.',

  ACCOUNT_NOT_FOUND: 'Account not found',
  ACCOUNT_DEACTIVATED: 'This account is deactivated. Ask your manager to reactivate it.',
  RESTAURANT_SUSPENDED: 'This restaurant is suspended. Contact Tavola support.',
  SESSION_NOT_FOUND: 'Session not found',
  EMAIL_LINK_INVALID:
    'This verification link is not valid any more. Sign in and send a new one from Settings.',
  PASSWORD_RESET_LINK_INVALID:
    'This password reset link is not valid any more. Ask for a new one from the login page.',
  USERNAME_UNAVAILABLE:
    'The username "{username}" is not available. Choose another one{suggestion, select, null {} other {, such as "{suggestion}"}}.',

  TWO_FACTOR_NOT_FOR_ROLE: 'Two-factor sign-in is for admin, manager and team accounts',
  TWO_FACTOR_ALREADY_ON: 'Two-factor sign-in is already on',
  TWO_FACTOR_NOT_ON: 'Two-factor sign-in is not on',
  TWO_FACTOR_SETUP_NOT_STARTED: 'Start the two-factor set-up first',
  TWO_FACTOR_SETUP_CHANGED: 'The two-factor set-up changed; start it again',
  TWO_FACTOR_CODE_FORMAT: 'Enter the 6-digit code from your authenticator app',
  TWO_FACTOR_WRONG_CODE: 'That code is not right. Check the time on your phone and try again.',
  TWO_FACTOR_CODE_REUSED: 'That code has already been used. Wait for the next one.',
  TEAM_TWO_FACTOR_CANNOT_DISABLE:
    'The Tavola team requires two-factor sign-in for team accounts, so it cannot be turned off.',

  STAFF_NOT_FOUND: 'Staff member not found',
  STAFF_ROLE_CREATE_NOT_ALLOWED: 'You cannot create {role} accounts',
  STAFF_ROLE_GIVE_NOT_ALLOWED: 'You cannot give the {role} role',
  STAFF_CANNOT_DEACTIVATE_SELF: 'You cannot deactivate yourself',
  STAFF_PERMISSIONS_NOT_ALLOWED: 'You cannot grant permissions you do not hold yourself',

  QR_ADDRESS_MISSING:
    "Table codes need this restaurant's public address: set it in Settings (Public URL), or ask your administrator to set PUBLIC_URL.",
  MAX_CAPACITY_BELOW_TABLE:
    'Table {table} seats {capacity} guests: lower its capacity first, or set the max table capacity to {capacity} or more',

  REPORT_SCHEDULE_NOT_FOUND: 'Schedule not found',
  REPORT_SCHEDULES_LIMIT:
    'A restaurant can have at most {max} report schedules. Remove one, or add recipients to one you have.',
  EMAIL_NOT_CONFIGURED:
    'Email is not configured on this server (SMTP_URL and PUBLIC_URL must both be set), so reports cannot be sent.',
  NO_CONFIRMED_RECIPIENTS:
    'None of the recipients has confirmed yet, so nothing was sent. Each was emailed a link to confirm.',
  RECIPIENT_LINK_INVALID:
    'This link is not valid any more. It may have expired or been used already.',

  BACKUP_NOT_FOUND: 'Backup not found',
  BACKUP_ALREADY_RUNNING: 'A backup is already being made. Please wait for it to finish.',
  BACKUP_NOT_READY: 'The backup is not ready yet',
  BACKUP_FAILED: 'This backup failed: there is nothing to download',
  BACKUP_STILL_RUNNING: 'The backup is still being made',

  SUPPORT_TICKET_NOT_FOUND: 'Support ticket not found',
  SUPPORT_TOO_MANY_OPEN:
    'This restaurant already has {max} open support tickets. Please write on one of them, or wait until one is resolved.',

  RESTAURANT_ALREADY_SUSPENDED: '{restaurant} is already suspended',
  RESTAURANT_NOT_SUSPENDED: '{restaurant} is not suspended',

  SIGN_IN_REQUIRED: 'Unauthorized',
  INVALID_CREDENTIALS: 'Invalid username or password',
  LOGIN_LOCKED:
    'Too many failed sign-in attempts. Try again in {minutes} {minutes, plural, one {minute} other {minutes}}.',
  LOGIN_WRONG_CODE: 'Invalid two-factor code',
  LOGIN_CODE_REUSED: 'That code has already been used. Wait for the next one.',
  LOGIN_CODE_NEEDED: 'A two-factor code is needed to sign in',
  LOGIN_CHALLENGE_EXPIRED: 'Your sign-in has expired. Please sign in again.',
  SESSION_EXPIRED: 'Your session has expired, please sign in again',
  SESSION_ACCOUNT_DEACTIVATED: 'This account is deactivated',
  SESSION_RESTAURANT_SUSPENDED: 'This restaurant is suspended',
  PERMISSION_DENIED: 'You do not have permission to do this',
  RESTAURANT_ACCOUNT_REQUIRED: 'This action needs a restaurant account',
  TEAM_TWO_FACTOR_REQUIRED:
    'The Tavola team requires two-factor sign-in: set it up for your account to continue.',
  TEAM_TWO_FACTOR_SELF_FIRST:
    'Turn on two-factor sign-in for your own account before requiring it of every team account.',
  STATION_VIEW_NOT_ALLOWED: 'You cannot view the {station}',
  STATION_NOT_FOUND: 'There is no active station {station}',
  STATION_SLUG_TAKEN: 'A station named {station} already exists',
  STATION_BUILT_IN: 'The kitchen and the bar cannot be deactivated or change kind',
  COURSE_NOT_HELD: 'Order {order} has no held {course} to fire',
  COURSE_NOT_YOUR_TABLE: 'Only the waiter assigned to this table can fire its courses',
  COURSE_REMOVED: 'Course {course} cannot be removed: rename it instead',
  COURSE_DUPLICATE: 'Course {course} is in the list twice',
  TICKET_HELD: 'This ticket is held until its course is fired',
  EXPO_ORDER_NOT_READY: 'Order {order} is not ready at every station yet',
  PRINTER_NOT_FOUND: 'Printer not found',
  PRINTER_BACKUP_SAME: 'The backup printer must be another printer',
  PRINTER_PORT_NOT_ALLOWED: 'A printer listens on a port from {min} to {max}',
  STATION_HAS_NO_PRINTER: 'The {station} has no printer',
  NO_RECEIPT_PRINTER: 'No receipt printer is set up',
  PRINT_AGENT_NOT_FOUND: 'Print agent not found',

  INVALID_TOKENS_RATE_LIMITED:
    'Too many requests with an invalid token, try again in {seconds} seconds',
  TABLE_RATE_LIMITED: 'Too many requests for this table, try again in {seconds} seconds',
  ACCOUNT_EMAILS_RATE_LIMITED:
    'Too many {what, select, verifyEmails {verification emails} verifyAttempts {verification attempts} resetRequests {password reset requests} other {password reset attempts}}. Try again in {minutes} {minutes, plural, one {minute} other {minutes}}.',
  SIGNUPS_RATE_LIMITED:
    'Too many sign-ups from this address. Try again in {minutes} {minutes, plural, one {minute} other {minutes}}.',
  SEND_NOW_TOO_SOON:
    'Send now works once every {interval} minutes for a schedule. Try again in {minutes} {minutes, plural, one {minute} other {minutes}}.',
  DAILY_EMAIL_LIMIT_REACHED:
    'This restaurant has sent its {cap} emails for today (UTC). Nothing more is sent until tomorrow; the Tavola team can raise the limit.',
  SUPPORT_TOO_MANY_PER_HOUR:
    'This restaurant opened {max} support tickets within the last hour. Please write on one of them, or try again later.',

  SERVER_SHUTTING_DOWN: 'The server is shutting down, please try again',
  DATABASE_UNAVAILABLE: 'Database unavailable',
  PDF_BUSY: 'Too many PDFs are being written right now; try again in a minute.',
  PDF_REPORTS_BUSY: 'Too many PDF reports are being written right now; try again in a minute.',
  PDF_EXPORTS_BUSY: 'Too many PDF exports are being written right now; try again in a minute.',
  PDF_TIMEOUT: 'The PDF took too long to write; try again.',
  PDF_REPORT_TIMEOUT: 'The PDF took too long to write; choose a shorter period.',
  PDF_EXPORT_TIMEOUT: 'The PDF took too long to write; choose a shorter period, or export CSV.',

  REQUEST_INVALID: 'Invalid request',
  REQUEST_BAD: 'Bad request',
  REQUEST_JSON_MALFORMED: 'Malformed JSON in request body',
  REQUEST_JSON_EMPTY: 'Request body is empty but Content-Type is application/json',
  REQUEST_BODY_TOO_LARGE: 'Request body is too large',
  REQUEST_MEDIA_TYPE_UNSUPPORTED: 'Unsupported Content-Type; send application/json',
  REQUEST_CONTENT_LENGTH_MISMATCH: 'Content-Length does not match the body',
  REQUEST_URL_MALFORMED: 'Malformed URL: the path has invalid percent-encoding',
  REQUEST_URL_PART_TOO_LONG: 'A part of the URL is too long',
  REQUEST_TEXT_UNSTORABLE: 'The request contains characters that cannot be stored',
  ROUTE_NOT_FOUND: 'Route {method} {path} not found',
  REQUESTS_RATE_LIMITED: 'Too many requests, try again in {seconds} seconds',
  REQUESTS_RATE_LIMITED_LATER: 'Too many requests, try again later',
  HTTP_REQUEST_MALFORMED: 'Malformed HTTP request',
  HTTP_HEADERS_TOO_LARGE: 'Request headers are too large',
  HTTP_REQUEST_TIMEOUT: 'Request timed out',
  SERVICE_UNAVAILABLE: 'Service temporarily unavailable, please try again',
  INTERNAL_ERROR: 'Internal server error (request {requestId})',

  WS_TABLE_TOKEN_INVALID: 'Invalid table token',
  WS_STAFF_TOKEN_REQUIRED: 'Unauthorized: a staff token is required',
  WS_USER_MISMATCH: 'Forbidden: userId does not match the session',
  WS_ROLE_MISMATCH: 'Forbidden: role does not match the session',
  WS_NO_RESTAURANT: 'Forbidden: no restaurant for this account',
  WS_RESTAURANT_MISMATCH: 'Forbidden: restaurantId does not match the session',

  DATE_RANGE_REVERSED: 'from must not be after to',
  REPORT_CUSTOM_NEEDS_DATES: 'A custom period needs from and to dates',
  REPORT_CUSTOM_TOO_LONG: 'A custom period holds at most {max} days',

  PASSWORD_BLANK: 'The password cannot be only spaces',
  PASSWORD_TOO_SHORT: 'Password must be at least {min} characters',
  PASSWORD_TOO_SHORT_TRIMMED:
    'Password must be at least {min} characters, not counting spaces at the start or end',
  PASSWORD_IS_USERNAME: 'The password must not be the same as the username',
  PASSWORD_TOO_COMMON:
    'This password is one of the most common passwords. Choose one that is harder to guess.',
  PASSWORD_ONE_CHARACTER:
    'The password must not be one character repeated. Choose one that is harder to guess.',
  PASSWORD_SHORT_PATTERN:
    'The password must not be a short pattern repeated (like "abcabcabc"). Choose one that is harder to guess.',
  PASSWORD_REPEATED_WORD:
    'The password must not be a common word repeated (like "passwordpassword"). Choose one that is harder to guess.',

  PAYMENT_NOT_FOUND: 'Payment not found',
  PAYMENT_PROVIDER_UNKNOWN: 'Unknown payment provider',
  PAYMENT_PROVIDER_NO_CALLBACKS: 'This payment provider takes no callbacks',
  PAYMENT_NOT_AUTHORIZED: 'This payment is not authorized yet',
  PAYMENT_NOT_CAPTURED: 'This payment is not captured yet',
  PAYMENT_ALREADY_CAPTURED: 'This payment is already captured',
  PAYMENT_FAILED: 'This payment failed',
  PAYMENT_REFUNDED_IN_FULL: 'This payment is already refunded in full',
  REFUND_NOT_CAPTURED: 'Only a captured payment can be refunded',
  // A payment provider's own words for why it declined.
  PAYMENT_PROVIDER_DECLINED: '{reason}',
  STRIPE_SIGNATURE_INVALID: 'The Stripe signature of this notification does not match',
  STRIPE_KEYS_REJECTED: 'Stripe did not accept this secret key: {reason}',
  REFUND_NOT_POSITIVE: 'A refund is a positive amount',
  REFUND_ABOVE_LEFT: 'A refund cannot give back more than is left of the payment',

  SETUP_NOT_COMPLETE: 'Finish every step before putting the checklist away',
  BACKUP_TOO_LARGE:
    'The backup would hold more than {size} of data. Export Orders, Users and Analytics separately instead.',

  TRIAL_ENDED_FOR_GUESTS:
    "This restaurant's free trial has ended, so ordering here is paused. Please ask a member of staff.",
  TRIAL_ENDED_FOR_STAFF:
    "This restaurant's free trial has ended: choose a plan to add tables or staff accounts.",
  PLATFORM_MAINTENANCE_FOR_GUESTS:
    'Ordering is paused while we carry out maintenance. Please try again in a few minutes or ask a member of staff.',
  ORDERING_PAUSED_MAINTENANCE:
    'The restaurant is under maintenance and ordering is paused right now. Please ask a member of staff.',
  ORDERING_PAUSED_GUEST_ORDERS_OFF:
    'Ordering from the table is paused right now. Please ask a member of staff to take your order.',
  PLAN_FEATURE_NOT_INCLUDED:
    '{feature, select, white_label {White label} other {Custom integrations}} is not part of the {plan} plan{better, select, null {} other {; the {better} plan includes it}}.',
  PLAN_TABLES_LIMIT:
    'The {plan} plan includes up to {limit} tables{better, select, null {} other {; the {better} plan allows more ({included} included, extra tables {extra} each)}}.',
  PLAN_STAFF_LIMIT:
    'The {plan} plan includes {limit} staff accounts{better, select, null {} other {; the {better} plan has {betterStaff, select, null {unlimited staff} other {{betterStaff} staff accounts}}}}.',
  PLAN_DOWNGRADE_BLOCKED:
    'The restaurant uses more than the {plan} plan allows. Remove first: {blockers}.',
  PLAN_ALREADY_CURRENT: '{restaurant} is already on the {plan} plan',
  PLAN_SMALLER_THROUGH_TEAM:
    'A move to a smaller plan is made by the Tavola team: write to them from Help.',
  PLAN_CHANGE_THROUGH_BILLING:
    'A paid plan starts through Tavola billing, not from here: use Request upgrade on your Plan card (or write to the Tavola team from Help) and the team will contact you to set up payment and switch your plan.',

  USERNAME_TAKEN: 'The username "{username}" is already taken. Choose another one.',
  TEAM_CANNOT_DEACTIVATE_SELF: 'You cannot deactivate your own account',
  TEAM_MEMBER_NOT_FOUND: 'Team member not found',
  TEAM_LAST_MEMBER:
    'The last active team member cannot be deactivated: add another team member first',
  RESTAURANT_SLUG_TAKEN:
    'Another restaurant already uses the address name "{slug}". Choose another restaurant name.',
  RESTAURANT_NAME_RESERVED: 'The restaurant name "{name}" is reserved. Choose another name.',
  API_KEY_REQUIRED: 'This operation needs an API key: send it as Authorization: Bearer tvk_live_…',
  API_KEY_INVALID: 'The API key is not valid, or it was revoked or has expired',
  API_KEY_NOT_ALLOWED_HERE: 'An API key can only call the public API (/api/v1)',
  API_KEY_SCOPE_MISSING: 'The API key does not have the {scope} scope',
  API_KEY_SOURCE_NOT_ALLOWED: 'The API key may not be used from this address',
  API_KEY_RATE_LIMITED: 'Too many requests with this API key, try again in {seconds} seconds',
  API_KEY_NOT_FOUND: 'API key not found',
  API_KEY_REVOKED: 'The API key has been revoked',
  API_KEY_WRITE_ADMIN_ONLY:
    'Only an admin can create a key that changes things; a manager can create read-only keys',
  API_KEY_EXPIRY_PAST: 'The expiry must be in the future',
  WEBHOOK_NOT_FOUND: 'Webhook endpoint not found',
  WEBHOOK_DELIVERY_NOT_FOUND: 'Webhook delivery not found',
  WEBHOOK_URL_NOT_HTTPS: 'A webhook address must start with https://',
  WEBHOOK_URL_NOT_PUBLIC: 'A webhook address must be on the public internet',
  WEBHOOK_LIMIT_REACHED: 'A restaurant can have at most {max} webhook endpoints',
} as const satisfies Record<RefusalCode, string>;
