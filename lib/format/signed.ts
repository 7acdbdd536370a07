/** A stock change as the owner reads it: "+2", "−3" (a true minus sign), "0". */
export const signed = (delta: number) => (delta > 0 ? `+${delta}` : delta < 0 ? `−${Math.abs(delta)}` : '0')
