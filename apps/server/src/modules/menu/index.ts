// What other modules may use of the menu: items with their category's station, for routing.
export { menuItemsWithCategoryStation } from './service.js';
// The public API's change to an item's sale (availability, price).
export { setMenuItemSale } from './service.js';
export { itemOptionGroups } from './options-service.js';
