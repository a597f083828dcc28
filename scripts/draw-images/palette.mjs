export const C = {
  red: "#D7261E",
  deep: "#9F1239",
  ember: "#F97316",
  saffron: "#F59E0B",
  cream: "#FFF7ED",
  charcoal: "#1C1917",
  green: "#16A34A",
  tea: "#B45309",
  ice: "#BAE6FD",
};
export const FONT = "DejaVu Sans, Liberation Sans, sans-serif";
