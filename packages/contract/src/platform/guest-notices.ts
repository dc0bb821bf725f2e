/** What a guest sees instead of the menu while the restaurant is suspended. */
export const RESTAURANT_UNAVAILABLE_FOR_GUESTS =
  'This restaurant is temporarily unavailable online. Please ask a member of staff.';
