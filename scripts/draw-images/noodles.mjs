// Noodles: one strand, and a tangle of them for the bowls.
import { round1, smoothPath } from "./svg.mjs";

/** One noodle along pathData, drawn as three strokes: dark edge, body, highlight. */
export function noodleStroke(pathData, width, bodyColor) {
  return `<path d="${pathData}" stroke="#B86E14" stroke-width="${round1(width + 2.6)}"/><path d="${pathData}" stroke="${bodyColor}" stroke-width="${round1(
    width,
  )}"/><path d="${pathData}" stroke="#FFF4C2" stroke-opacity=".75" stroke-width="${round1(width * 0.3)}" transform="translate(-0.8,-1)"/>`;
}

/** A tangle of `count` long, slightly curly noodles inside the ellipse (cx, cy, rx, ry). */
export function noodlePile(rand, cx, cy, rx, ry, count, width) {
  const bodyColors = ["#F9CF5A", "#F5C043", "#FBD872", "#F2B93A"];
  // The bowl is seen at an angle, so every step is flattened like the ellipse.
  const squash = 0.6;
  let strands = "";
  for (let i = 0; i < count; i++) {
    const startAngle = rand() * Math.PI * 2;
    const startDistance = Math.sqrt(rand()) * 0.8;
    let x = cx + Math.cos(startAngle) * rx * startDistance;
    let y = cy + Math.sin(startAngle) * ry * startDistance;
    let heading = rand() * Math.PI * 2;
    const phase = rand() * 6;
    const steps = 11 + Math.floor(rand() * 6);
    const stepLength = rx * 0.085;
    const points = [];
    for (let j = 0; j < steps; j++) {
      heading += (rand() - 0.5) * 0.8;
      let nextX = x + Math.cos(heading) * stepLength;
      let nextY = y + Math.sin(heading) * stepLength * squash;
      // Near the edge, turn back towards the centre so the noodle stays in the broth.
      if (((nextX - cx) / rx) ** 2 + ((nextY - cy) / ry) ** 2 > 0.88) {
        heading = Math.atan2((cy - y) / squash, cx - x) + (rand() - 0.5) * 1.2;
        nextX = x + Math.cos(heading) * stepLength;
        nextY = y + Math.sin(heading) * stepLength * squash;
      }
      x = nextX;
      y = nextY;
      const wiggle = Math.sin(j * 1.7 + phase) * width * 0.8;
      points.push([x - Math.sin(heading) * wiggle, y + Math.cos(heading) * wiggle * squash]);
    }
    strands += noodleStroke(smoothPath(points), width, bodyColors[i % bodyColors.length]);
  }
  return `<g fill="none" stroke-linecap="round" stroke-linejoin="round">${strands}</g>`;
}
