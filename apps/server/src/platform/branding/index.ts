// What restaurant modules use: the brand a restaurant shows (QR sheets) and its logo for print.
export { readRestaurantBranding } from './service.js';
export { logoForPrint, type PrintLogo } from './print-logo.js';
