/** The restaurant's own tickets (its Help dialog). */
export const myTicketsKey = ['support', 'mine'] as const;
/** Every restaurant's tickets (the team's Support tab). */
export const allTicketsKey = ['support', 'all'] as const;
