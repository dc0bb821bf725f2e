/**
 * What a guest sees instead of the menu while the restaurant is suspended. Written here rather
 * than read from the refusal catalog (which holds it too) so the guest page does not load the
 * whole catalog for one sentence.
 */
export const RESTAURANT_UNAVAILABLE_FOR_GUESTS =
  'This restaurant is temporarily unavailable online. Please ask a member of staff.';
