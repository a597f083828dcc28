// The pictures' colours (red, deep, ember, cream, charcoal are the site's theme in app/app.css) and the
// font of the few words drawn as text.
export const palette = {
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

// sharp renders <text> with the fonts installed on the machine (DejaVu: scripts/install-system-deps.sh),
// so the words in the open-graph image and promo 2 look the same only where that font is installed.
export const fontFamily = "DejaVu Sans, Liberation Sans, sans-serif";
