// The total the customer saw: the checkout records only that total, or answers the new one (0025).
export const TOTAL_FIELD = "total";
