import type { CategorySlug } from "../catalogue/categories";

export interface Tutorial {
  slug: string;
  title: string;
  description: string;
  category: CategorySlug;
  readMinutes: number;
}

/** The home page's tutorials, fixed (docs/pages.md#home); opening one shows the not-implemented notice. */
export const TUTORIALS: Tutorial[] = [
  {
    slug: "esp32-weather-station",
    title: "Build a Wi-Fi Weather Station",
    description: "Log temperature, humidity and pressure from a BME280 to a live web dashboard served by an ESP32.",
    category: "iot-wireless",
    readMinutes: 15,
  },
  {
    slug: "arduino-first-steps",
    title: "Arduino First Steps: From Blink to Buttons",
    description: "Wire your first LED and push button on a breadboard and learn digital input and output.",
    category: "development-boards",
    readMinutes: 10,
  },
  {
    slug: "line-following-robot",
    title: "A Line-Following Robot in an Afternoon",
    description: "Combine IR sensors, a motor driver and two gear motors into a robot that follows a track.",
    category: "robotics",
    readMinutes: 25,
  },
];
