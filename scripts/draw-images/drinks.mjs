// The iced drinks (es teh, es nyala): a tall glass with ice, a straw and a lime or lemon garnish.
import { palette } from "./palette.mjs";
import { uniqueId, round1, seededRandom, linearGradient, softShadow } from "./svg.mjs";

/**
 * A tall glass in 3/4 view, centred on cx, from top to bottom, narrowing from topWidth to bottomWidth.
 * liquid: colours from the surface (at liquidTop) down; straw: [stripe, base] colours;
 * garnish: "lime" (with mint), "lemon" or "none".
 */
export function drinkGlass({
  cx,
  top,
  bottom,
  topWidth,
  bottomWidth,
  liquidTop,
  liquid,
  straw = [palette.red, "#fff"],
  garnish = "none",
  seed = 3,
}) {
  const rand = seededRandom(seed);
  const [liquidGradient, glassClip, liquidClip, shineGradient] = ["lq", "cg", "cl", "gl"].map(uniqueId);
  const topHalf = topWidth / 2;
  const bottomHalf = bottomWidth / 2;
  // Rims are circles seen at an angle: their ellipses are 0.17 as high as wide.
  const topRy = topHalf * 0.17;
  const bottomRy = bottomHalf * 0.17;
  const halfWidthAt = (y) => topHalf + ((bottomHalf - topHalf) * (y - top)) / (bottom - top);
  // The liquid stops above the thick glass base, and inside the walls.
  const floor = bottom - (bottom - top) * 0.07;
  const wall = 6;
  const outline = `M${round1(cx - topHalf)},${round1(top)} L${round1(cx - bottomHalf)},${round1(bottom)} A${round1(bottomHalf)},${round1(bottomRy)} 0 0 0 ${round1(cx + bottomHalf)},${round1(
    bottom,
  )} L${round1(cx + topHalf)},${round1(top)} A${round1(topHalf)},${round1(topRy)} 0 0 0 ${round1(cx - topHalf)},${round1(top)}Z`;
  const liquidHalf = halfWidthAt(liquidTop) - wall;
  const floorHalf = halfWidthAt(floor) - wall;
  const liquidPath = `M${round1(cx - liquidHalf)},${round1(liquidTop)} L${round1(cx - floorHalf)},${round1(floor)} A${round1(floorHalf)},${round1(floorHalf * 0.17)} 0 0 0 ${round1(
    cx + floorHalf,
  )},${round1(floor)} L${round1(cx + liquidHalf)},${round1(liquidTop)} A${round1(liquidHalf)},${round1(liquidHalf * 0.17)} 0 0 1 ${round1(cx - liquidHalf)},${round1(liquidTop)}Z`;
  let svg = "";
  // A dark shadow and a coloured one: light through the drink tints the table.
  svg += softShadow(cx + bottomHalf * 0.25, bottom + bottomRy * 0.6, bottomHalf * 1.55, bottomRy * 2.2, 0.3);
  svg += softShadow(
    cx + bottomHalf * 0.5,
    bottom + bottomRy * 0.9,
    bottomHalf * 1.3,
    bottomRy * 1.6,
    0.35,
    liquid[1],
  );
  svg += `<defs>
${linearGradient(
  liquidGradient,
  [0, 0, 0, 1],
  liquid.map((color, i) => [i / (liquid.length - 1), color]),
)}
${linearGradient(
  shineGradient,
  [0, 0, 1, 0],
  [
    [0, "#fff", 0.55],
    [0.18, "#fff", 0.12],
    [0.75, "#fff", 0.05],
    [0.92, "#fff", 0.3],
    [1, "#fff", 0.1],
  ],
)}
<clipPath id="${glassClip}"><path d="${outline}"/></clipPath>
<clipPath id="${liquidClip}"><path d="${liquidPath}"/></clipPath>
</defs>`;
  // Glass back (shows the background a little lighter).
  svg += `<path d="${outline}" fill="#fff" fill-opacity=".28"/>`;
  // The straw is one line drawn twice: faded inside the glass (under the liquid's surface), clear above it.
  const strawFrom = [cx + bottomHalf * 0.25, floor - 20];
  const strawTo = [cx + topHalf * 0.95, top - (bottom - top) * 0.2];
  const strawWidth = round1(Math.max(10, topWidth * 0.08));
  const stripes = ` stroke-dasharray="${round1(strawWidth * 0.85)} ${round1(strawWidth * 0.85)}"`;
  const strawStroke = (width, color, dash = "") =>
    `<path d="M${round1(strawFrom[0])},${round1(strawFrom[1])} L${round1(strawTo[0])},${round1(strawTo[1])}" stroke="${color}" stroke-width="${width}"${
      dash ? `${dash} stroke-linecap="butt"` : ' stroke-linecap="round"'
    } fill="none"/>`;
  svg += `<g clip-path="url(#${glassClip})">`;
  svg += `<path d="${liquidPath}" fill="url(#${liquidGradient})"/>`;
  svg += `<g opacity=".45">${strawStroke(strawWidth, straw[1])}${strawStroke(strawWidth, straw[0], stripes)}</g>`;
  // Liquid surface.
  svg += `<ellipse cx="${round1(cx)}" cy="${round1(liquidTop)}" rx="${round1(liquidHalf)}" ry="${round1(liquidHalf * 0.17)}" fill="${liquid[0]}"/>`;
  svg += `<ellipse cx="${round1(cx)}" cy="${round1(liquidTop)}" rx="${round1(liquidHalf)}" ry="${round1(liquidHalf * 0.17)}" fill="#fff" opacity=".25"/>`;
  // Ice: two cubes float at the surface, the others are under it (fainter); drawn deepest first.
  const cubeSize = topWidth * 0.3;
  const cubes = [
    [cx - topHalf * 0.45, liquidTop + cubeSize * 0.05, -14, false],
    [cx + topHalf * 0.25, liquidTop - cubeSize * 0.1, 18, false],
    [cx - topHalf * 0.05, liquidTop + cubeSize * 0.75, 30, true],
    [cx + topHalf * 0.45, liquidTop + cubeSize * 1.1, -8, true],
    [cx - topHalf * 0.42, liquidTop + cubeSize * 1.5, 12, true],
    [cx + topHalf * 0.05, liquidTop + cubeSize * 2.2, -22, true],
  ];
  for (const [x, y, angle, submerged] of cubes.reverse()) {
    svg += iceCube(x, y, cubeSize * (0.9 + rand() * 0.2), angle, submerged);
  }
  // Bubbles inside the drink.
  let bubbles = "";
  for (let i = 0; i < 14; i++) {
    const y = liquidTop + cubeSize * 1.2 + rand() * (floor - liquidTop - cubeSize * 1.4);
    const halfWidth = halfWidthAt(y) - wall - 10;
    const x = cx + (rand() - 0.5) * 2 * halfWidth;
    bubbles += `<circle cx="${round1(x)}" cy="${round1(y)}" r="${round1(2 + rand() * 3.5)}" fill="none" stroke="#fff" stroke-opacity=".55" stroke-width="1.6"/>`;
  }
  svg += `<g clip-path="url(#${liquidClip})">${bubbles}</g>`;
  // Condensation drops on the outside.
  for (let i = 0; i < 16; i++) {
    const y = liquidTop + 20 + rand() * (floor - liquidTop - 40);
    const halfWidth = halfWidthAt(y) - 14;
    const x = cx + (rand() - 0.5) * 2 * halfWidth;
    const size = 2 + rand() * 3.5;
    svg += `<ellipse cx="${round1(x)}" cy="${round1(y)}" rx="${round1(size)}" ry="${round1(size * 1.3)}" fill="#fff" opacity=".5"/><circle cx="${round1(
      x - size * 0.3,
    )}" cy="${round1(y - size * 0.4)}" r="${round1(size * 0.35)}" fill="#fff" opacity=".8"/>`;
  }
  svg += `</g>`;
  // Glass shine, walls and rim.
  svg += `<path d="${outline}" fill="url(#${shineGradient})"/>`;
  svg += `<path d="M${round1(cx - topHalf * 0.72)},${round1(top + 26)} L${round1(cx - bottomHalf * 0.74)},${round1(bottom - 30)}" stroke="#fff" stroke-opacity=".6" stroke-width="${round1(
    topWidth * 0.05,
  )}" stroke-linecap="round"/>`;
  svg += `<path d="M${round1(cx - topHalf * 0.52)},${round1(top + 40)} L${round1(cx - topHalf * 0.5)},${round1(top + 70)}" stroke="#fff" stroke-opacity=".6" stroke-width="${round1(
    topWidth * 0.02,
  )}" stroke-linecap="round"/>`;
  // Thick glass base.
  svg += `<path d="M${round1(cx - halfWidthAt(floor))},${round1(floor)} A${round1(halfWidthAt(floor))},${round1(bottomRy)} 0 0 0 ${round1(cx + halfWidthAt(floor))},${round1(
    floor,
  )} L${round1(cx + bottomHalf)},${round1(bottom)} A${round1(bottomHalf)},${round1(bottomRy)} 0 0 1 ${round1(cx - bottomHalf)},${round1(bottom)}Z" fill="#fff" opacity=".35"/>`;
  svg += `<path d="${outline}" fill="none" stroke="#fff" stroke-opacity=".8" stroke-width="3"/>`;
  svg += `<ellipse cx="${round1(cx)}" cy="${round1(top)}" rx="${round1(topHalf)}" ry="${round1(topRy)}" fill="none" stroke="#fff" stroke-width="3.5"/>`;
  // Straw above the glass: clipped to everything above the front half of the rim.
  const outsideClip = uniqueId("sc");
  svg += `<defs><clipPath id="${outsideClip}"><path d="M${round1(cx - topHalf * 2)},${round1(top - 400)} H${round1(cx + topHalf * 3)} V${round1(
    top,
  )} A${round1(topHalf)},${round1(topRy)} 0 0 1 ${round1(cx - topHalf * 2)},${round1(top)}Z"/></clipPath></defs>`;
  svg += `<g clip-path="url(#${outsideClip})">${strawStroke(strawWidth, straw[1])}${strawStroke(
    strawWidth,
    straw[0],
    stripes,
  )}<path d="M${round1(strawFrom[0] - 4)},${round1(strawFrom[1])} L${round1(strawTo[0] - 4)},${round1(strawTo[1])}" stroke="#fff" stroke-opacity=".45" stroke-width="3" stroke-linecap="round"/></g>`;
  if (garnish === "lime") svg += limeAndMint(cx, top, topWidth);
  if (garnish === "lemon") svg += lemonSlice(cx, top, topWidth);
  return svg;
}

/** An ice cube centred on (x, y), turned by angle degrees; submerged cubes are fainter. */
function iceCube(x, y, size, angle, submerged) {
  const opacity = submerged ? 0.28 : 0.55;
  return `<g transform="translate(${round1(x)},${round1(y)}) rotate(${round1(angle)})"><rect x="${round1(-size / 2)}" y="${round1(
    -size / 2,
  )}" width="${round1(size)}" height="${round1(size)}" rx="${round1(size * 0.18)}" fill="#fff" fill-opacity="${opacity}" stroke="#fff" stroke-opacity=".85" stroke-width="2.5"/><path d="M${round1(
    -size * 0.3,
  )},${round1(size * 0.1)} L${round1(-size * 0.3)},${round1(-size * 0.3)} L${round1(size * 0.1)},${round1(
    -size * 0.3,
  )}" stroke="#fff" stroke-width="4" stroke-linecap="round" stroke-linejoin="round" fill="none" opacity=".9"/><path d="M${round1(size * 0.32)},${round1(-size * 0.05)} L${round1(size * 0.32)},${round1(size * 0.32)} L${round1(
    -size * 0.05,
  )},${round1(size * 0.32)}" stroke="${palette.ice}" stroke-width="3" stroke-linecap="round" stroke-linejoin="round" fill="none" opacity=".8"/></g>`;
}

/** A lime wheel on the left of the rim and two mint leaves (es nyala). */
function limeAndMint(cx, top, topWidth) {
  const topHalf = topWidth / 2;
  const x = cx - topHalf * 0.62;
  const y = top + 4;
  const radius = topWidth * 0.27;
  let segments = "";
  for (let i = 0; i < 8; i++) {
    const angle = (i / 8) * Math.PI * 2;
    segments += `<path d="M${round1(x)},${round1(y)} L${round1(x + Math.cos(angle) * radius * 0.78)},${round1(y + Math.sin(angle) * radius * 0.78)}" />`;
  }
  let svg = `<g transform="rotate(-18 ${round1(x)} ${round1(y)})"><circle cx="${round1(x)}" cy="${round1(y)}" r="${round1(radius)}" fill="${
    palette.green
  }"/><circle cx="${round1(x)}" cy="${round1(y)}" r="${round1(radius * 0.88)}" fill="#ECFCCB"/><circle cx="${round1(x)}" cy="${round1(
    y,
  )}" r="${round1(radius * 0.8)}" fill="#BEF264"/><g stroke="#ECFCCB" stroke-width="${round1(
    radius * 0.08,
  )}" stroke-linecap="round">${segments}</g><circle cx="${round1(x)}" cy="${round1(y)}" r="${round1(radius * 0.1)}" fill="#ECFCCB"/></g>`;
  const mintLeaf = (leafX, leafY, angle, scale) =>
    `<g transform="translate(${round1(leafX)},${round1(leafY)}) rotate(${angle}) scale(${scale})"><path d="M0,0 C16,-8 22,-34 0,-52 C-22,-34 -16,-8 0,0Z" fill="${
      palette.green
    }"/><path d="M0,-4 L0,-44" stroke="#BBF7D0" stroke-width="2.5" stroke-linecap="round"/><path d="M0,-18 L9,-28 M0,-30 L-8,-38" stroke="#BBF7D0" stroke-width="1.6" stroke-linecap="round"/></g>`;
  svg += mintLeaf(cx + topHalf * 0.15, top - 2, 20, 1.1) + mintLeaf(cx - topHalf * 0.05, top + 2, -25, 0.95);
  return svg;
}

/** Half a lemon slice on the right of the rim (es teh). */
function lemonSlice(cx, top, topWidth) {
  const x = cx + (topWidth / 2) * 0.7;
  const y = top + 2;
  const radius = topWidth * 0.22;
  return `<g transform="rotate(20 ${round1(x)} ${round1(y)})"><path d="M${round1(x - radius)},${round1(y)} A${round1(radius)},${round1(radius)} 0 0 0 ${round1(
    x + radius,
  )},${round1(y)}Z" fill="#FACC15"/><path d="M${round1(x - radius * 0.85)},${round1(y)} A${round1(radius * 0.85)},${round1(
    radius * 0.85,
  )} 0 0 0 ${round1(x + radius * 0.85)},${round1(y)}Z" fill="#FEF9C3"/><path d="M${round1(x - radius * 0.75)},${round1(y + 2)} A${round1(
    radius * 0.75,
  )},${round1(radius * 0.75)} 0 0 0 ${round1(x + radius * 0.75)},${round1(y + 2)}Z" fill="#FDE047"/></g>`;
}
