/**
 * The checkout form's copy of the total the customer saw, promotions included (whole rupiah):
 * drawn by the cart's pricing summary, read by the checkout, which records only that total or
 * answers the new one (docs/decisions/0025-pricing-and-rounding.md).
 */
export const TOTAL_FIELD = "total";
