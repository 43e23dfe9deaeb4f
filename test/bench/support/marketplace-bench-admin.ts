/** The admin token the marketplace benchmark's gateway process accepts (the soak reads balances with it). */
export const ADMIN_TOKEN = "bench-admin-token-0123456789";
