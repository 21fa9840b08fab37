-- MakerVolt catalogue seed: 72 maker products, 9 in each of the 8 categories (docs/data.md#seed).
--
-- Run by `supabase db reset` on a hosted project and by the embedded backend when its products
-- table is empty. Ids are explicit so links and tests stay stable; the identity sequence is moved
-- past them at the end so later inserts keep working.
--
-- Images are drawn by scripts/draw-product-images.ts into public/images/products/ (800x800 SVG);
-- `image` is always the first entry of `images`. A product is on sale when original_price is
-- above price, and out of stock when in_stock is false (stock_count 0).
--
-- Deliberate test data, checked by tests/unit/seed.test.ts:
--   * every category has 9 products; 13 are on sale; 8 are out of stock (one per category);
--     10 cost more than $100; 10 list more than 5 features (pages show up to 5);
--   * ties inside a category for the sort tie-break by id: equal prices (e.g. 4.95 in audio,
--     6.95 in components, development boards and sensors, 5.95 in displays) and equal ratings
--     (e.g. 4.6 in audio, 4.5 in components and sensors);
--   * two new products with no reviews (rating 0): the Zigbee dongle and the soldering mat;
--   * literal "%" and "_" in text for search escaping: "100% pure rosin core", "DHT_22".


-- audio -------------------------------------------------------------------------------------

insert into public.products
  (id, name, description, category, price, original_price, in_stock, stock_count, rating, reviews, image, images, features, specifications)
values (
  1,
  'MAX98357A I2S Class-D Amplifier Breakout',
  'A tiny mono class-D amplifier that takes digital I2S audio straight from your microcontroller and drives a speaker with up to 3 W. No DAC or analog filtering needed: wire three data pins, add a 4 Ω speaker and you have sound. Perfect for ESP32 web radios, talking clocks and sound effects.',
  'audio', 5.95, null, true, 142, 4.6, 212,
  '/images/products/max98357a-i2s-class-d-amplifier-breakout-1.svg',
  array['/images/products/max98357a-i2s-class-d-amplifier-breakout-1.svg', '/images/products/max98357a-i2s-class-d-amplifier-breakout-2.svg', '/images/products/max98357a-i2s-class-d-amplifier-breakout-3.svg'],
  array['I2S digital input, no external DAC needed', 'Up to 3.2 W into 4 Ω at 5 V', 'Selectable gain: 3, 6, 9, 12 or 15 dB', 'Filterless class-D output with click and pop suppression'],
  '{"Amplifier IC":"MAX98357A","Output Power":"3.2 W @ 4 Ω, 5 V","Supply Voltage":"2.5 - 5.5 V","Interface":"I2S","Sample Rate":"8 - 96 kHz","Board Size":"19 x 18 mm"}'::jsonb
);
insert into public.products
  (id, name, description, category, price, original_price, in_stock, stock_count, rating, reviews, image, images, features, specifications)
values (
  2,
  'INMP441 I2S MEMS Microphone Module',
  'An omnidirectional MEMS microphone with a 24-bit I2S output, so your microcontroller reads clean digital samples with no ADC in the way. Great for voice commands, sound level meters and audio streaming projects on the ESP32.',
  'audio', 4.95, 6.50, true, 87, 4.4, 158,
  '/images/products/inmp441-i2s-mems-microphone-module-1.svg',
  array['/images/products/inmp441-i2s-mems-microphone-module-1.svg', '/images/products/inmp441-i2s-mems-microphone-module-2.svg'],
  array['24-bit I2S digital output', 'High 61 dB signal-to-noise ratio', 'Omnidirectional bottom-port MEMS capsule', 'Low current draw of 1.4 mA'],
  '{"Microphone IC":"INMP441","Interface":"I2S, 24-bit","Supply Voltage":"1.8 - 3.3 V","SNR":"61 dBA","Sensitivity":"-26 dBFS","Frequency Response":"60 Hz - 15 kHz"}'::jsonb
);
insert into public.products
  (id, name, description, category, price, original_price, in_stock, stock_count, rating, reviews, image, images, features, specifications)
values (
  3,
  'Mini Speaker 40 mm 3 W 4 Ohm (2-Pack)',
  'Two compact full-range speakers with pre-soldered leads, sized for enclosures, toys and handheld projects. They pair perfectly with small class-D amplifiers like the MAX98357A and PAM8403.',
  'audio', 3.95, null, true, 260, 4.5, 97,
  '/images/products/mini-speaker-40-mm-3-w-4-ohm-2-pack-1.svg',
  array['/images/products/mini-speaker-40-mm-3-w-4-ohm-2-pack-1.svg', '/images/products/mini-speaker-40-mm-3-w-4-ohm-2-pack-2.svg', '/images/products/mini-speaker-40-mm-3-w-4-ohm-2-pack-3.svg'],
  array['40 mm round frame with mounting holes', 'Pre-soldered 10 cm leads', 'Neodymium magnet for good efficiency'],
  '{"Diameter":"40 mm","Impedance":"4 Ω","Rated Power":"3 W","Frequency Range":"200 Hz - 20 kHz","Depth":"18 mm","Quantity":"2 pieces"}'::jsonb
);
insert into public.products
  (id, name, description, category, price, original_price, in_stock, stock_count, rating, reviews, image, images, features, specifications)
values (
  4,
  'PAM8403 Stereo 3 W Amplifier Module',
  'A two-channel class-D amplifier on a thumbnail-sized board that runs from a single 5 V USB supply. Feed it line-level audio from a DAC or phone and drive two small speakers.',
  'audio', 2.95, null, true, 318, 4.3, 301,
  '/images/products/pam8403-stereo-3-w-amplifier-module-1.svg',
  array['/images/products/pam8403-stereo-3-w-amplifier-module-1.svg', '/images/products/pam8403-stereo-3-w-amplifier-module-2.svg'],
  array['Two channels of 3 W each', 'Runs from 5 V USB power', 'No heatsink needed', 'Screwless solder pads for quick wiring'],
  '{"Amplifier IC":"PAM8403","Output Power":"2 x 3 W @ 4 Ω","Supply Voltage":"2.5 - 5.5 V","Efficiency":"Up to 90 %","Board Size":"21 x 18 mm"}'::jsonb
);
insert into public.products
  (id, name, description, category, price, original_price, in_stock, stock_count, rating, reviews, image, images, features, specifications)
values (
  5,
  'Mini MP3 Player Module with microSD Slot',
  'Plays MP3 and WAV files from a microSD card and drives a small speaker directly, controlled over a simple serial protocol or with push buttons. Ideal for talking props, doorbells and museum exhibits.',
  'audio', 4.95, null, true, 175, 4.5, 244,
  '/images/products/mini-mp3-player-module-with-microsd-slot-1.svg',
  array['/images/products/mini-mp3-player-module-with-microsd-slot-1.svg', '/images/products/mini-mp3-player-module-with-microsd-slot-2.svg', '/images/products/mini-mp3-player-module-with-microsd-slot-3.svg'],
  array['Plays MP3 and WAV from microSD up to 32 GB', 'Built-in 3 W mono amplifier', 'Serial (UART) or button control', '30 volume levels and 6 equaliser presets'],
  '{"Supported Formats":"MP3, WAV","Storage":"microSD, FAT16/FAT32, up to 32 GB","Interface":"UART 9600 baud","Speaker Output":"3 W mono","Supply Voltage":"3.2 - 5.0 V","Board Size":"20 x 20 mm"}'::jsonb
);
insert into public.products
  (id, name, description, category, price, original_price, in_stock, stock_count, rating, reviews, image, images, features, specifications)
values (
  6,
  'TPA3116D2 2x50 W Stereo Amplifier Board',
  'A powerful class-D stereo amplifier board for bookshelf speakers and workshop sound systems. It runs cool thanks to a large aluminium heatsink and accepts a wide 12 to 24 V supply. Screw terminals make speaker and power wiring quick and tidy, and the volume knob is right on the board.',
  'audio', 17.95, 22.95, true, 46, 4.7, 86,
  '/images/products/tpa3116d2-2x50-w-stereo-amplifier-board-1.svg',
  array['/images/products/tpa3116d2-2x50-w-stereo-amplifier-board-1.svg', '/images/products/tpa3116d2-2x50-w-stereo-amplifier-board-2.svg', '/images/products/tpa3116d2-2x50-w-stereo-amplifier-board-3.svg', '/images/products/tpa3116d2-2x50-w-stereo-amplifier-board-4.svg'],
  array['2 x 50 W into 4 Ω at 24 V', 'Large aluminium heatsink', 'Screw terminals for speakers and power', 'On-board volume potentiometer'],
  '{"Amplifier IC":"TPA3116D2","Output Power":"2 x 50 W @ 4 Ω","Supply Voltage":"12 - 24 V DC","THD+N":"0.1 % @ 1 W","Input":"3.5 mm jack or pin header","Board Size":"84 x 62 mm"}'::jsonb
);
insert into public.products
  (id, name, description, category, price, original_price, in_stock, stock_count, rating, reviews, image, images, features, specifications)
values (
  7,
  'Electret Microphone Amplifier Module (MAX4466)',
  'An electret microphone with a low-noise op-amp preamp and adjustable gain, giving an analog signal that any ADC pin can read. Use it for clap switches, audio-reactive LEDs and sound level monitoring.',
  'audio', 6.95, null, false, 0, 4.2, 64,
  '/images/products/electret-microphone-amplifier-module-max4466-1.svg',
  array['/images/products/electret-microphone-amplifier-module-max4466-1.svg', '/images/products/electret-microphone-amplifier-module-max4466-2.svg'],
  array['Adjustable gain from 25x to 125x', 'Low-noise MAX4466 op-amp', 'Rail-to-rail analog output', 'Works from 2.4 to 5.5 V'],
  '{"Amplifier IC":"MAX4466","Output":"Analog, biased at VCC/2","Gain":"25x - 125x, adjustable","Supply Voltage":"2.4 - 5.5 V","Frequency Response":"20 Hz - 20 kHz"}'::jsonb
);
insert into public.products
  (id, name, description, category, price, original_price, in_stock, stock_count, rating, reviews, image, images, features, specifications)
values (
  8,
  'VS1053 Audio Codec Breakout with microSD',
  'A complete audio codec that decodes MP3, AAC, Ogg Vorbis and FLAC in hardware and can also record from its microphone input. The microSD slot and headphone jack make it a self-contained music player for slower microcontrollers.',
  'audio', 24.95, null, true, 23, 4.4, 39,
  '/images/products/vs1053-audio-codec-breakout-with-microsd-1.svg',
  array['/images/products/vs1053-audio-codec-breakout-with-microsd-1.svg', '/images/products/vs1053-audio-codec-breakout-with-microsd-2.svg', '/images/products/vs1053-audio-codec-breakout-with-microsd-3.svg'],
  array['Hardware decoding of MP3, AAC, Ogg Vorbis, WMA and FLAC', 'Ogg Vorbis recording from mic or line in', 'Built-in microSD slot', '3.5 mm stereo headphone jack', 'MIDI synthesiser mode'],
  '{"Codec IC":"VS1053B","Interface":"SPI","Supply Voltage":"3.3 - 5 V","Outputs":"Stereo headphone, 30 Ω","Storage":"microSD","Board Size":"45 x 35 mm"}'::jsonb
);
insert into public.products
  (id, name, description, category, price, original_price, in_stock, stock_count, rating, reviews, image, images, features, specifications)
values (
  9,
  'PCM5102A I2S Stereo DAC Board',
  'A 32-bit stereo DAC that turns I2S audio into a clean line-level signal on a 3.5 mm jack. Its 112 dB dynamic range makes it a favourite for ESP32 and single-board computer music streamers.',
  'audio', 8.95, null, true, 98, 4.6, 133,
  '/images/products/pcm5102a-i2s-stereo-dac-board-1.svg',
  array['/images/products/pcm5102a-i2s-stereo-dac-board-1.svg', '/images/products/pcm5102a-i2s-stereo-dac-board-2.svg'],
  array['32-bit, 384 kHz stereo DAC', '112 dB dynamic range', '3.5 mm line-out jack', 'Internal PLL: no master clock needed'],
  '{"DAC IC":"PCM5102A","Interface":"I2S","Resolution":"32-bit","Sample Rate":"8 - 384 kHz","Supply Voltage":"3.3 - 5 V","Output":"2.1 Vrms line level"}'::jsonb
);

-- components --------------------------------------------------------------------------------

insert into public.products
  (id, name, description, category, price, original_price, in_stock, stock_count, rating, reviews, image, images, features, specifications)
values (
  10,
  'Metal Film Resistor Kit, 600 pcs, 30 Values',
  'Thirty common values from 10 Ω to 1 MΩ, twenty of each, in a labelled storage box. Every resistor is a 1% tolerance metal film part rated at a quarter watt, so your LED and pull-up calculations come out as planned.',
  'components', 9.95, null, true, 220, 4.8, 540,
  '/images/products/metal-film-resistor-kit-600-pcs-30-values-1.svg',
  array['/images/products/metal-film-resistor-kit-600-pcs-30-values-1.svg', '/images/products/metal-film-resistor-kit-600-pcs-30-values-2.svg', '/images/products/metal-film-resistor-kit-600-pcs-30-values-3.svg'],
  array['600 resistors, 20 each of 30 values', '1% tolerance metal film', '1/4 W rating, breadboard-friendly leads', 'Values from 10 Ω to 1 MΩ', 'Colour-coded and labelled strips', 'Reusable compartment box'],
  '{"Quantity":"600 pieces","Values":"30, from 10 Ω to 1 MΩ","Tolerance":"±1 %","Power Rating":"0.25 W","Type":"Metal film, through-hole","Lead Spacing":"10 mm bent"}'::jsonb
);
insert into public.products
  (id, name, description, category, price, original_price, in_stock, stock_count, rating, reviews, image, images, features, specifications)
values (
  11,
  'Ceramic Capacitor Assortment, 300 pcs',
  'Fifteen values of monolithic ceramic capacitors from 10 pF to 100 nF for decoupling, timing and filter circuits. Each value sits in its own labelled bag inside a sturdy box.',
  'components', 7.95, null, true, 185, 4.5, 210,
  '/images/products/ceramic-capacitor-assortment-300-pcs-1.svg',
  array['/images/products/ceramic-capacitor-assortment-300-pcs-1.svg', '/images/products/ceramic-capacitor-assortment-300-pcs-2.svg'],
  array['15 values, 20 of each', '10 pF to 100 nF', '50 V rating', '2.54 mm lead spacing for breadboards'],
  '{"Quantity":"300 pieces","Values":"15, from 10 pF to 100 nF","Voltage Rating":"50 V","Dielectric":"X7R / C0G","Lead Spacing":"2.54 mm"}'::jsonb
);
insert into public.products
  (id, name, description, category, price, original_price, in_stock, stock_count, rating, reviews, image, images, features, specifications)
values (
  12,
  'Electrolytic Capacitor Kit, 24 Values, 500 pcs',
  'A well-stocked set of aluminium electrolytic capacitors from 0.1 µF to 1000 µF for power supply smoothing and audio coupling. All parts are rated for 105 °C and sorted in a compartment box.',
  'components', 11.95, 14.95, true, 64, 4.6, 178,
  '/images/products/electrolytic-capacitor-kit-24-values-500-pcs-1.svg',
  array['/images/products/electrolytic-capacitor-kit-24-values-500-pcs-1.svg', '/images/products/electrolytic-capacitor-kit-24-values-500-pcs-2.svg', '/images/products/electrolytic-capacitor-kit-24-values-500-pcs-3.svg'],
  array['24 values from 0.1 µF to 1000 µF', '16 V to 50 V ratings', '105 °C rated', 'Sorted compartment box'],
  '{"Quantity":"500 pieces","Capacitance":"0.1 µF - 1000 µF","Voltage Rating":"16 V - 50 V","Temperature Rating":"-40 to 105 °C","Tolerance":"±20 %"}'::jsonb
);
insert into public.products
  (id, name, description, category, price, original_price, in_stock, stock_count, rating, reviews, image, images, features, specifications)
values (
  13,
  '5 mm LED Assortment, 5 Colours, 500 pcs',
  'Red, green, blue, yellow and white 5 mm LEDs with diffused lenses, one hundred of each colour. Bright enough for indicators and friendly to beginners: add a resistor and they light from any GPIO pin.',
  'components', 8.95, null, true, 240, 4.7, 389,
  '/images/products/5-mm-led-assortment-5-colours-500-pcs-1.svg',
  array['/images/products/5-mm-led-assortment-5-colours-500-pcs-1.svg', '/images/products/5-mm-led-assortment-5-colours-500-pcs-2.svg'],
  array['100 each of red, green, blue, yellow and white', 'Diffused lenses for even glow', 'Long leads for breadboarding', '20 mA rated current'],
  '{"Quantity":"500 pieces","Diameter":"5 mm","Colours":"Red, green, blue, yellow, white","Forward Current":"20 mA","Forward Voltage":"2.0 - 3.2 V"}'::jsonb
);
insert into public.products
  (id, name, description, category, price, original_price, in_stock, stock_count, rating, reviews, image, images, features, specifications)
values (
  14,
  '830-Point Solderless Breadboard',
  'A full-size breadboard with 630 tie points and two split power rails on each side. Phosphor bronze contacts grip leads firmly, and the adhesive back keeps it in place on your bench or in a project box.',
  'components', 4.95, null, true, 410, 4.6, 812,
  '/images/products/830-point-solderless-breadboard-1.svg',
  array['/images/products/830-point-solderless-breadboard-1.svg', '/images/products/830-point-solderless-breadboard-2.svg', '/images/products/830-point-solderless-breadboard-3.svg'],
  array['830 tie points including 4 power rails', 'Phosphor bronze nickel-plated contacts', 'Accepts 20 - 29 AWG wire', 'Self-adhesive backing'],
  '{"Tie Points":"830","Dimensions":"165 x 55 x 10 mm","Wire Gauge":"20 - 29 AWG","Contact Material":"Phosphor bronze, nickel plated","Pitch":"2.54 mm"}'::jsonb
);
insert into public.products
  (id, name, description, category, price, original_price, in_stock, stock_count, rating, reviews, image, images, features, specifications)
values (
  15,
  'Jumper Wire Set, 120 pcs (M-M, M-F, F-F)',
  'Forty male-to-male, forty male-to-female and forty female-to-female 20 cm ribbon jumpers in ten colours. Peel off as many as you need to connect breadboards, sensors and development boards.',
  'components', 6.95, null, true, 355, 4.5, 623,
  '/images/products/jumper-wire-set-120-pcs-m-m-m-f-f-f-1.svg',
  array['/images/products/jumper-wire-set-120-pcs-m-m-m-f-f-f-1.svg', '/images/products/jumper-wire-set-120-pcs-m-m-m-f-f-f-2.svg'],
  array['120 wires: 40 of each connector type', '20 cm long, 10 colours', 'Peelable ribbon strips', 'Gold-plated 2.54 mm pins'],
  '{"Quantity":"120 wires","Length":"20 cm","Connector":"2.54 mm Dupont","Wire Gauge":"26 AWG","Types":"M-M, M-F, F-F"}'::jsonb
);
insert into public.products
  (id, name, description, category, price, original_price, in_stock, stock_count, rating, reviews, image, images, features, specifications)
values (
  16,
  'Tactile Push Button Kit, 6x6 mm, 180 pcs',
  'Momentary tactile switches in nine stem heights with a satisfying click, plus coloured caps for the tallest ones. They sit straight on a breadboard for reset buttons, menus and game controllers.',
  'components', 6.95, null, true, 290, 4.5, 201,
  '/images/products/tactile-push-button-kit-6x6-mm-180-pcs-1.svg',
  array['/images/products/tactile-push-button-kit-6x6-mm-180-pcs-1.svg', '/images/products/tactile-push-button-kit-6x6-mm-180-pcs-2.svg'],
  array['9 stem heights, 20 of each', 'Crisp tactile click', 'Fits breadboards and 2.54 mm perfboard', 'Includes coloured button caps'],
  '{"Quantity":"180 switches","Size":"6 x 6 mm","Heights":"4.3 - 13 mm","Rating":"12 V DC, 50 mA","Life":"100,000 cycles"}'::jsonb
);
insert into public.products
  (id, name, description, category, price, original_price, in_stock, stock_count, rating, reviews, image, images, features, specifications)
values (
  17,
  'NPN/PNP Transistor Assortment, 200 pcs',
  'Ten popular small-signal and medium-power transistors in TO-92 packages, including the 2N2222, 2N3904, 2N3906, BC547 and BC557. Enough to switch relays, LEDs and small motors for many projects.',
  'components', 5.95, null, false, 0, 4.4, 117,
  '/images/products/npn-pnp-transistor-assortment-200-pcs-1.svg',
  array['/images/products/npn-pnp-transistor-assortment-200-pcs-1.svg', '/images/products/npn-pnp-transistor-assortment-200-pcs-2.svg'],
  array['10 types, 20 of each', 'NPN and PNP types', 'TO-92 through-hole package', 'Labelled storage box'],
  '{"Quantity":"200 pieces","Package":"TO-92","Types":"2N2222, 2N3904, 2N3906, BC547, BC557, S8050, S8550, A1015, C1815, 2N5551","Max Collector Current":"Up to 1.5 A","Max Collector Voltage":"Up to 160 V"}'::jsonb
);
insert into public.products
  (id, name, description, category, price, original_price, in_stock, stock_count, rating, reviews, image, images, features, specifications)
values (
  18,
  'Electronics Component Mega Kit, 1,500+ Parts',
  'Everything a new electronics bench needs in one organiser case: resistors, capacitors, LEDs, diodes, transistors, voltage regulators, potentiometers, buttons, headers and wire. Each compartment is labelled, and the included guide explains what every part does and how to test it. Ideal for classrooms, makerspaces and anyone tired of waiting for parts to arrive.',
  'components', 119.00, 139.00, true, 18, 4.7, 143,
  '/images/products/electronics-component-mega-kit-1-500-parts-1.svg',
  array['/images/products/electronics-component-mega-kit-1-500-parts-1.svg', '/images/products/electronics-component-mega-kit-1-500-parts-2.svg', '/images/products/electronics-component-mega-kit-1-500-parts-3.svg'],
  array['Over 1,500 parts in 60 labelled compartments', 'Resistors, capacitors, LEDs, diodes and transistors', 'Voltage regulators and potentiometers', 'Two breadboards and 120 jumper wires', 'Printed part guide with test tips', 'Sturdy organiser case with latches', 'Restock packs available for every part'],
  '{"Parts":"1,500+","Compartments":"60","Breadboards":"2 x 830 points","Jumper Wires":"120","Case Size":"340 x 240 x 60 mm","Weight":"1.6 kg"}'::jsonb
);

-- development-boards ------------------------------------------------------------------------

insert into public.products
  (id, name, description, category, price, original_price, in_stock, stock_count, rating, reviews, image, images, features, specifications)
values (
  19,
  'ESP32 DevKit V1, WROOM-32, 38-Pin',
  'The go-to board for connected projects: a dual-core 240 MHz ESP32 with Wi-Fi and Bluetooth, a USB-to-serial bridge and every GPIO broken out to breadboard-friendly headers. Program it from the Arduino IDE, ESP-IDF or MicroPython.',
  'development-boards', 8.95, null, true, 312, 4.7, 1204,
  '/images/products/esp32-devkit-v1-wroom-32-38-pin-1.svg',
  array['/images/products/esp32-devkit-v1-wroom-32-38-pin-1.svg', '/images/products/esp32-devkit-v1-wroom-32-38-pin-2.svg', '/images/products/esp32-devkit-v1-wroom-32-38-pin-3.svg', '/images/products/esp32-devkit-v1-wroom-32-38-pin-4.svg'],
  array['Dual-core Xtensa LX6 at 240 MHz', '2.4 GHz Wi-Fi and Bluetooth 4.2 / BLE', '4 MB flash', '30 usable GPIO with ADC, DAC, touch and PWM', 'CP2102 USB-to-serial with auto reset', 'Breadboard-friendly 38-pin layout', 'On-board 3.3 V regulator and BOOT/EN buttons'],
  '{"Microcontroller":"ESP32-D0WD (WROOM-32)","Clock Speed":"240 MHz, dual core","Flash":"4 MB","SRAM":"520 KB","Wireless":"Wi-Fi 802.11 b/g/n, Bluetooth 4.2","Operating Voltage":"3.3 V","Input Voltage":"5 V via USB","Dimensions":"55 x 28 mm"}'::jsonb
);
insert into public.products
  (id, name, description, category, price, original_price, in_stock, stock_count, rating, reviews, image, images, features, specifications)
values (
  20,
  'RP2040 Pico-Style Board with Wi-Fi',
  'A dual-core RP2040 board in the popular Pico footprint with on-board 2.4 GHz Wi-Fi. Its programmable I/O state machines drive LED strips, VGA and odd protocols without tying up the CPU, and it works with MicroPython out of the box.',
  'development-boards', 6.95, null, true, 205, 4.8, 640,
  '/images/products/rp2040-pico-style-board-with-wi-fi-1.svg',
  array['/images/products/rp2040-pico-style-board-with-wi-fi-1.svg', '/images/products/rp2040-pico-style-board-with-wi-fi-2.svg', '/images/products/rp2040-pico-style-board-with-wi-fi-3.svg'],
  array['Dual-core Arm Cortex-M0+ at 133 MHz', '2.4 GHz Wi-Fi 802.11n', '264 KB SRAM and 2 MB flash', '8 programmable I/O state machines', 'Drag-and-drop UF2 programming'],
  '{"Microcontroller":"RP2040","Clock Speed":"133 MHz, dual core","Flash":"2 MB","SRAM":"264 KB","Wireless":"Wi-Fi 802.11n","Operating Voltage":"3.3 V","Dimensions":"51 x 21 mm"}'::jsonb
);
insert into public.products
  (id, name, description, category, price, original_price, in_stock, stock_count, rating, reviews, image, images, features, specifications)
values (
  21,
  'Uno R3 Compatible Board, ATmega328P',
  'A fully compatible Uno R3 board with the classic ATmega328P, ready for the thousands of shields, libraries and tutorials written for it. The 16U2 USB chip gives reliable uploads on every operating system.',
  'development-boards', 14.95, 19.95, true, 158, 4.6, 980,
  '/images/products/uno-r3-compatible-board-atmega328p-1.svg',
  array['/images/products/uno-r3-compatible-board-atmega328p-1.svg', '/images/products/uno-r3-compatible-board-atmega328p-2.svg', '/images/products/uno-r3-compatible-board-atmega328p-3.svg', '/images/products/uno-r3-compatible-board-atmega328p-4.svg'],
  array['ATmega328P at 16 MHz', '14 digital I/O and 6 analog inputs', 'ATmega16U2 USB interface', 'Shield-compatible R3 headers'],
  '{"Microcontroller":"ATmega328P","Clock Speed":"16 MHz","Flash":"32 KB","SRAM":"2 KB","Operating Voltage":"5 V","Input Voltage":"7 - 12 V","Dimensions":"68.6 x 53.4 mm"}'::jsonb
);
insert into public.products
  (id, name, description, category, price, original_price, in_stock, stock_count, rating, reviews, image, images, features, specifications)
values (
  22,
  'Nano Compatible Board, USB-C',
  'All the power of the ATmega328P in a 45 mm board that plugs straight into a breadboard. This version has a USB-C port and comes with headers pre-soldered.',
  'development-boards', 6.95, null, true, 233, 4.4, 415,
  '/images/products/nano-compatible-board-usb-c-1.svg',
  array['/images/products/nano-compatible-board-usb-c-1.svg', '/images/products/nano-compatible-board-usb-c-2.svg'],
  array['ATmega328P at 16 MHz', 'USB-C connector', 'Headers pre-soldered', '8 analog inputs'],
  '{"Microcontroller":"ATmega328P","Clock Speed":"16 MHz","Flash":"32 KB","USB Chip":"CH340","Operating Voltage":"5 V","Dimensions":"45 x 18 mm"}'::jsonb
);
insert into public.products
  (id, name, description, category, price, original_price, in_stock, stock_count, rating, reviews, image, images, features, specifications)
values (
  23,
  'Mega 2560 R3 Compatible Board',
  'When the Uno runs out of pins, the Mega 2560 gives you 54 digital I/O, 16 analog inputs and four hardware serial ports. It is the classic brain for 3D printers, CNC controllers and large LED installations.',
  'development-boards', 22.95, null, true, 74, 4.6, 366,
  '/images/products/mega-2560-r3-compatible-board-1.svg',
  array['/images/products/mega-2560-r3-compatible-board-1.svg', '/images/products/mega-2560-r3-compatible-board-2.svg', '/images/products/mega-2560-r3-compatible-board-3.svg'],
  array['ATmega2560 at 16 MHz', '54 digital I/O, 15 with PWM', '16 analog inputs', '4 hardware UARTs'],
  '{"Microcontroller":"ATmega2560","Clock Speed":"16 MHz","Flash":"256 KB","SRAM":"8 KB","Operating Voltage":"5 V","Dimensions":"101.5 x 53.3 mm"}'::jsonb
);
insert into public.products
  (id, name, description, category, price, original_price, in_stock, stock_count, rating, reviews, image, images, features, specifications)
values (
  24,
  'ESP32-S3 DevKit with 8 MB PSRAM',
  'The ESP32-S3 adds vector instructions for on-device machine learning, native USB and plenty of memory for cameras and displays. Two USB-C ports let you use native USB and the serial bridge side by side.',
  'development-boards', 15.95, null, true, 96, 4.8, 287,
  '/images/products/esp32-s3-devkit-with-8-mb-psram-1.svg',
  array['/images/products/esp32-s3-devkit-with-8-mb-psram-1.svg', '/images/products/esp32-s3-devkit-with-8-mb-psram-2.svg', '/images/products/esp32-s3-devkit-with-8-mb-psram-3.svg'],
  array['Dual-core Xtensa LX7 at 240 MHz', '8 MB PSRAM and 16 MB flash', 'Wi-Fi and Bluetooth 5 LE', 'Native USB OTG plus USB-serial port', 'On-board RGB LED'],
  '{"Microcontroller":"ESP32-S3","Clock Speed":"240 MHz, dual core","Flash":"16 MB","PSRAM":"8 MB","Wireless":"Wi-Fi 802.11 b/g/n, Bluetooth 5 LE","Operating Voltage":"3.3 V"}'::jsonb
);
insert into public.products
  (id, name, description, category, price, original_price, in_stock, stock_count, rating, reviews, image, images, features, specifications)
values (
  25,
  'STM32F411 Black Pill Style Board',
  'A fast Arm Cortex-M4 board with a floating-point unit in a breadboard-friendly shape. It runs the Arduino core, MicroPython or bare-metal HAL code and flashes over USB-C with its built-in DFU bootloader.',
  'development-boards', 7.95, null, false, 0, 4.5, 192,
  '/images/products/stm32f411-black-pill-style-board-1.svg',
  array['/images/products/stm32f411-black-pill-style-board-1.svg', '/images/products/stm32f411-black-pill-style-board-2.svg'],
  array['Cortex-M4F at 100 MHz', '512 KB flash and 128 KB RAM', 'USB-C with DFU bootloader', 'User button and LED'],
  '{"Microcontroller":"STM32F411CEU6","Clock Speed":"100 MHz","Flash":"512 KB","SRAM":"128 KB","Operating Voltage":"3.3 V","Dimensions":"53 x 21 mm"}'::jsonb
);
insert into public.products
  (id, name, description, category, price, original_price, in_stock, stock_count, rating, reviews, image, images, features, specifications)
values (
  26,
  'Quad-Core Single-Board Computer, 4 GB',
  'A credit-card-sized Linux computer with a quad-core 64-bit processor, 4 GB of RAM and a 40-pin GPIO header. Run a home server, a retro console or a robot''s brain, and attach HATs just like on any popular single-board computer.',
  'development-boards', 119.00, null, true, 37, 4.7, 88,
  '/images/products/quad-core-single-board-computer-4-gb-1.svg',
  array['/images/products/quad-core-single-board-computer-4-gb-1.svg', '/images/products/quad-core-single-board-computer-4-gb-2.svg', '/images/products/quad-core-single-board-computer-4-gb-3.svg', '/images/products/quad-core-single-board-computer-4-gb-4.svg'],
  array['Quad-core 64-bit Arm Cortex-A76 at 2.4 GHz', '4 GB LPDDR4X RAM', 'Dual micro-HDMI, 4K output', 'Gigabit Ethernet, Wi-Fi 5 and Bluetooth 5', '2 x USB 3.0 and 2 x USB 2.0', '40-pin GPIO header', 'PCIe 2.0 connector for NVMe'],
  '{"Processor":"Quad-core Cortex-A76, 2.4 GHz","Memory":"4 GB LPDDR4X","Storage":"microSD, PCIe NVMe (adapter)","Video":"2 x micro-HDMI, 4Kp60","Networking":"Gigabit Ethernet, Wi-Fi 5, Bluetooth 5.0","Power":"5 V / 5 A USB-C","Dimensions":"85 x 56 mm"}'::jsonb
);
insert into public.products
  (id, name, description, category, price, original_price, in_stock, stock_count, rating, reviews, image, images, features, specifications)
values (
  27,
  'Artix-7 FPGA Development Board',
  'Learn digital design on a real FPGA: 33,280 logic cells, 256 MB of DDR3, switches, LEDs, buttons and Pmod ports for expansion. Works with the free vendor toolchain and open-source flows.',
  'development-boards', 179.00, 199.00, true, 12, 4.6, 24,
  '/images/products/artix-7-fpga-development-board-1.svg',
  array['/images/products/artix-7-fpga-development-board-1.svg', '/images/products/artix-7-fpga-development-board-2.svg', '/images/products/artix-7-fpga-development-board-3.svg'],
  array['Artix-7 with 33,280 logic cells', '256 MB DDR3 memory', '16 switches, 16 LEDs and 5 buttons', '4 Pmod expansion ports', 'USB-JTAG programming'],
  '{"FPGA":"Artix-7 XC7A35T","Logic Cells":"33,280","Memory":"256 MB DDR3","Clock":"100 MHz oscillator","I/O":"4 Pmod, VGA, USB-UART","Power":"5 V USB or barrel jack"}'::jsonb
);

-- displays ----------------------------------------------------------------------------------

insert into public.products
  (id, name, description, category, price, original_price, in_stock, stock_count, rating, reviews, image, images, features, specifications)
values (
  28,
  '0.96" OLED Display 128x64, SSD1306, I2C',
  'A crisp, high-contrast monochrome OLED that needs only two data wires. It shows text, graphics and sensor readings with no backlight, so it stays readable at any angle while drawing very little power.',
  'displays', 5.95, null, true, 388, 4.7, 932,
  '/images/products/0-96-oled-display-128x64-ssd1306-i2c-1.svg',
  array['/images/products/0-96-oled-display-128x64-ssd1306-i2c-1.svg', '/images/products/0-96-oled-display-128x64-ssd1306-i2c-2.svg', '/images/products/0-96-oled-display-128x64-ssd1306-i2c-3.svg'],
  array['128 x 64 pixels, white on black', 'I2C interface on 4 pins', 'No backlight needed, very low power', 'Works at 3.3 V and 5 V'],
  '{"Size":"0.96 in","Resolution":"128 x 64","Driver IC":"SSD1306","Interface":"I2C (0x3C)","Operating Voltage":"3.3 - 5 V","Viewing Angle":"> 160°"}'::jsonb
);
insert into public.products
  (id, name, description, category, price, original_price, in_stock, stock_count, rating, reviews, image, images, features, specifications)
values (
  29,
  '1.3" OLED Display 128x64, SH1106',
  'A larger 1.3 inch monochrome OLED with the same easy I2C wiring. The bigger pixels make it easier to read across a bench for clocks, weather stations and status displays.',
  'displays', 7.95, null, true, 144, 4.6, 305,
  '/images/products/1-3-oled-display-128x64-sh1106-1.svg',
  array['/images/products/1-3-oled-display-128x64-sh1106-1.svg', '/images/products/1-3-oled-display-128x64-sh1106-2.svg'],
  array['1.3 inch diagonal, 128 x 64 pixels', 'I2C interface', 'High contrast, wide viewing angle', '3.3 V and 5 V compatible'],
  '{"Size":"1.3 in","Resolution":"128 x 64","Driver IC":"SH1106","Interface":"I2C (0x3C)","Operating Voltage":"3.3 - 5 V"}'::jsonb
);
insert into public.products
  (id, name, description, category, price, original_price, in_stock, stock_count, rating, reviews, image, images, features, specifications)
values (
  30,
  '7" HDMI IPS Touch Display, 1024x600',
  'A bright 7 inch IPS screen with capacitive five-point touch that connects over HDMI and USB: no drivers needed on most single-board computers and PCs. Mount it on its stand or build it into a control panel.',
  'displays', 59.95, 69.95, true, 52, 4.5, 207,
  '/images/products/7-hdmi-ips-touch-display-1024x600-1.svg',
  array['/images/products/7-hdmi-ips-touch-display-1024x600-1.svg', '/images/products/7-hdmi-ips-touch-display-1024x600-2.svg', '/images/products/7-hdmi-ips-touch-display-1024x600-3.svg', '/images/products/7-hdmi-ips-touch-display-1024x600-4.svg'],
  array['1024 x 600 IPS panel', '5-point capacitive touch', 'HDMI video, USB touch and power', 'Driver-free on Linux and Windows', 'Adjustable backlight', 'Includes stand and cables'],
  '{"Size":"7 in","Resolution":"1024 x 600","Panel":"IPS, 178° viewing angle","Touch":"5-point capacitive","Interface":"HDMI + USB","Brightness":"350 cd/m²","Power":"5 V via micro-USB"}'::jsonb
);
insert into public.products
  (id, name, description, category, price, original_price, in_stock, stock_count, rating, reviews, image, images, features, specifications)
values (
  31,
  '10.1" HDMI IPS Touch Display, 1280x800',
  'A 10.1 inch IPS monitor with ten-point capacitive touch and toughened glass for home dashboards, kiosks and portable workstations. It accepts HDMI input and includes speakers and a VESA-compatible back.',
  'displays', 109.00, null, false, 0, 4.6, 64,
  '/images/products/10-1-hdmi-ips-touch-display-1280x800-1.svg',
  array['/images/products/10-1-hdmi-ips-touch-display-1280x800-1.svg', '/images/products/10-1-hdmi-ips-touch-display-1280x800-2.svg', '/images/products/10-1-hdmi-ips-touch-display-1280x800-3.svg'],
  array['1280 x 800 IPS panel', '10-point capacitive touch', 'Toughened glass front', 'Built-in speakers', 'VESA 75 mounting holes'],
  '{"Size":"10.1 in","Resolution":"1280 x 800","Panel":"IPS","Touch":"10-point capacitive","Interface":"HDMI + USB","Power":"12 V DC or 5 V USB"}'::jsonb
);
insert into public.products
  (id, name, description, category, price, original_price, in_stock, stock_count, rating, reviews, image, images, features, specifications)
values (
  32,
  '2.9" E-Paper Display Module, Black/White/Red',
  'A three-colour e-paper display that keeps its image with no power at all, ideal for shelf labels, weather stations and battery-powered dashboards. Updates over SPI and looks like printed paper in sunlight.',
  'displays', 19.95, null, true, 61, 4.3, 76,
  '/images/products/2-9-e-paper-display-module-black-white-red-1.svg',
  array['/images/products/2-9-e-paper-display-module-black-white-red-1.svg', '/images/products/2-9-e-paper-display-module-black-white-red-2.svg', '/images/products/2-9-e-paper-display-module-black-white-red-3.svg'],
  array['296 x 128 pixels in black, white and red', 'Keeps its image with zero power', 'Sunlight-readable, 180° viewing angle', 'SPI interface'],
  '{"Size":"2.9 in","Resolution":"296 x 128","Colours":"Black, white, red","Interface":"SPI","Full Refresh":"15 s","Operating Voltage":"3.3 - 5 V"}'::jsonb
);
insert into public.products
  (id, name, description, category, price, original_price, in_stock, stock_count, rating, reviews, image, images, features, specifications)
values (
  33,
  '1.8" TFT LCD Module 128x160, ST7735',
  'A small colour TFT with 65K colours and a microSD slot on the back. Fast SPI drawing makes it good for tiny games, graphs and image viewers.',
  'displays', 6.95, null, true, 127, 4.3, 188,
  '/images/products/1-8-tft-lcd-module-128x160-st7735-1.svg',
  array['/images/products/1-8-tft-lcd-module-128x160-st7735-1.svg', '/images/products/1-8-tft-lcd-module-128x160-st7735-2.svg'],
  array['128 x 160 pixels, 65K colours', 'SPI interface', 'microSD card slot', 'LED backlight'],
  '{"Size":"1.8 in","Resolution":"128 x 160","Driver IC":"ST7735S","Interface":"SPI","Colours":"65K (RGB565)","Operating Voltage":"3.3 - 5 V"}'::jsonb
);
insert into public.products
  (id, name, description, category, price, original_price, in_stock, stock_count, rating, reviews, image, images, features, specifications)
values (
  34,
  '2.8" TFT Touch Display 240x320, ILI9341',
  'A colour SPI display with a resistive touch layer, big enough for menus, buttons and live charts. It has an SD slot for images and fonts, and ready-made libraries for most microcontrollers.',
  'displays', 15.95, null, true, 83, 4.5, 254,
  '/images/products/2-8-tft-touch-display-240x320-ili9341-1.svg',
  array['/images/products/2-8-tft-touch-display-240x320-ili9341-1.svg', '/images/products/2-8-tft-touch-display-240x320-ili9341-2.svg', '/images/products/2-8-tft-touch-display-240x320-ili9341-3.svg'],
  array['240 x 320 pixels, 262K colours', 'Resistive touch with XPT2046 controller', 'SPI interface', 'SD card slot'],
  '{"Size":"2.8 in","Resolution":"240 x 320","Driver IC":"ILI9341","Touch":"Resistive, XPT2046","Interface":"SPI","Operating Voltage":"3.3 - 5 V"}'::jsonb
);
insert into public.products
  (id, name, description, category, price, original_price, in_stock, stock_count, rating, reviews, image, images, features, specifications)
values (
  35,
  '8x8 LED Matrix Module, MAX7219, 4-in-1',
  'Four cascaded 8x8 red LED matrices driven by MAX7219 chips, for a 32 x 8 pixel scrolling text display. Chain several modules for longer signs, all from three microcontroller pins.',
  'displays', 7.95, null, true, 166, 4.6, 342,
  '/images/products/8x8-led-matrix-module-max7219-4-in-1-1.svg',
  array['/images/products/8x8-led-matrix-module-max7219-4-in-1-1.svg', '/images/products/8x8-led-matrix-module-max7219-4-in-1-2.svg', '/images/products/8x8-led-matrix-module-max7219-4-in-1-3.svg'],
  array['32 x 8 red LEDs', 'MAX7219 driver per matrix', 'Cascadable for longer displays', '3-wire SPI control'],
  '{"Matrices":"4 x 8x8","LED Colour":"Red","Driver IC":"MAX7219","Interface":"SPI","Operating Voltage":"5 V","Dimensions":"128 x 32 mm"}'::jsonb
);
insert into public.products
  (id, name, description, category, price, original_price, in_stock, stock_count, rating, reviews, image, images, features, specifications)
values (
  36,
  '16x2 Character LCD with I2C Backpack',
  'The classic blue-backlit 16 character, 2 line LCD with an I2C backpack already soldered on, so it needs just two data wires. A contrast trimmer is on the back.',
  'displays', 5.95, null, true, 201, 4.4, 498,
  '/images/products/16x2-character-lcd-with-i2c-backpack-1.svg',
  array['/images/products/16x2-character-lcd-with-i2c-backpack-1.svg', '/images/products/16x2-character-lcd-with-i2c-backpack-2.svg', '/images/products/16x2-character-lcd-with-i2c-backpack-3.svg'],
  array['16 x 2 characters, white on blue', 'Pre-soldered I2C backpack (PCF8574)', 'Adjustable contrast', 'Backlight on/off jumper'],
  '{"Characters":"16 x 2","Controller":"HD44780 compatible","Interface":"I2C (0x27)","Backlight":"Blue LED","Operating Voltage":"5 V","Dimensions":"80 x 36 mm"}'::jsonb
);

-- iot-wireless ------------------------------------------------------------------------------

insert into public.products
  (id, name, description, category, price, original_price, in_stock, stock_count, rating, reviews, image, images, features, specifications)
values (
  37,
  'LoRa SX1276 Module, 868/915 MHz',
  'Long-range, low-power radio for sensors that need to reach kilometres, not metres. The SX1276 transceiver works point-to-point or with LoRaWAN networks and comes with a spring antenna.',
  'iot-wireless', 11.95, null, true, 88, 4.5, 141,
  '/images/products/lora-sx1276-module-868-915-mhz-1.svg',
  array['/images/products/lora-sx1276-module-868-915-mhz-1.svg', '/images/products/lora-sx1276-module-868-915-mhz-2.svg', '/images/products/lora-sx1276-module-868-915-mhz-3.svg'],
  array['Range of several kilometres line of sight', 'LoRa and FSK modulation', '+20 dBm transmit power', 'SPI interface, 3.3 V logic'],
  '{"Transceiver":"SX1276","Frequency":"868 / 915 MHz","Transmit Power":"Up to +20 dBm","Sensitivity":"-148 dBm","Interface":"SPI","Operating Voltage":"3.3 V"}'::jsonb
);
insert into public.products
  (id, name, description, category, price, original_price, in_stock, stock_count, rating, reviews, image, images, features, specifications)
values (
  38,
  'ESP32-C3 Super Mini Wi-Fi/BLE Board',
  'A thumb-sized RISC-V board with Wi-Fi and Bluetooth LE, USB-C and a ceramic antenna. Perfect for tiny sensors, smart buttons and anything that has to fit in a very small case.',
  'iot-wireless', 3.95, null, true, 276, 4.6, 358,
  '/images/products/esp32-c3-super-mini-wi-fi-ble-board-1.svg',
  array['/images/products/esp32-c3-super-mini-wi-fi-ble-board-1.svg', '/images/products/esp32-c3-super-mini-wi-fi-ble-board-2.svg'],
  array['32-bit RISC-V core at 160 MHz', 'Wi-Fi and Bluetooth 5 LE', 'Native USB-C programming', 'Deep sleep at 43 µA'],
  '{"Microcontroller":"ESP32-C3","Clock Speed":"160 MHz","Flash":"4 MB","Wireless":"Wi-Fi 802.11 b/g/n, Bluetooth 5 LE","Operating Voltage":"3.3 V","Dimensions":"22.5 x 18 mm"}'::jsonb
);
insert into public.products
  (id, name, description, category, price, original_price, in_stock, stock_count, rating, reviews, image, images, features, specifications)
values (
  39,
  'ESP-01S ESP8266 Wi-Fi Module',
  'The cheapest way to give a project Wi-Fi: an ESP8266 module with 1 MB flash that talks AT commands over serial or runs your own firmware.',
  'iot-wireless', 2.95, null, true, 340, 4.2, 522,
  '/images/products/esp-01s-esp8266-wi-fi-module-1.svg',
  array['/images/products/esp-01s-esp8266-wi-fi-module-1.svg', '/images/products/esp-01s-esp8266-wi-fi-module-2.svg'],
  array['ESP8266 at 80 MHz', '1 MB flash', 'AT firmware pre-installed', 'On-board PCB antenna'],
  '{"Chip":"ESP8266EX","Flash":"1 MB","Wireless":"Wi-Fi 802.11 b/g/n","Interface":"UART","Operating Voltage":"3.3 V","Dimensions":"25 x 15 mm"}'::jsonb
);
insert into public.products
  (id, name, description, category, price, original_price, in_stock, stock_count, rating, reviews, image, images, features, specifications)
values (
  40,
  'nRF24L01+ 2.4 GHz Transceiver with PA/LNA',
  'A 2.4 GHz radio with a power amplifier, low-noise amplifier and SMA antenna for links of up to a kilometre in open air. Popular for remote controls, drones and wireless sensor networks.',
  'iot-wireless', 4.95, 5.95, true, 119, 4.3, 276,
  '/images/products/nrf24l01-2-4-ghz-transceiver-with-pa-lna-1.svg',
  array['/images/products/nrf24l01-2-4-ghz-transceiver-with-pa-lna-1.svg', '/images/products/nrf24l01-2-4-ghz-transceiver-with-pa-lna-2.svg', '/images/products/nrf24l01-2-4-ghz-transceiver-with-pa-lna-3.svg'],
  array['Range up to 1 km line of sight', 'PA and LNA for better range', 'External SMA antenna', 'Up to 2 Mbps data rate'],
  '{"Transceiver":"nRF24L01+","Frequency":"2.4 GHz ISM","Data Rate":"250 kbps - 2 Mbps","Interface":"SPI","Operating Voltage":"3.3 V","Antenna":"SMA, 2 dBi"}'::jsonb
);
insert into public.products
  (id, name, description, category, price, original_price, in_stock, stock_count, rating, reviews, image, images, features, specifications)
values (
  41,
  'Bluetooth Serial Module (HC-05)',
  'A Bluetooth Classic module that acts as a wireless serial cable between your microcontroller and a phone or PC. Works as master or slave and is configured with simple AT commands.',
  'iot-wireless', 6.95, null, true, 152, 4.4, 410,
  '/images/products/bluetooth-serial-module-hc-05-1.svg',
  array['/images/products/bluetooth-serial-module-hc-05-1.svg', '/images/products/bluetooth-serial-module-hc-05-2.svg'],
  array['Bluetooth 2.0 + EDR SPP profile', 'Master or slave mode', 'AT command configuration', 'Status LED and enable pin'],
  '{"Bluetooth":"2.0 + EDR, SPP","Range":"Up to 10 m","Interface":"UART, 9600 baud default","Supply Voltage":"3.6 - 6 V","Logic Level":"3.3 V"}'::jsonb
);
insert into public.products
  (id, name, description, category, price, original_price, in_stock, stock_count, rating, reviews, image, images, features, specifications)
values (
  42,
  '4G LTE Cat-1 Modem Module with GNSS',
  'Connect remote projects to the internet anywhere there is mobile coverage. The module has a nano-SIM slot, GNSS positioning and antennas included, and it is controlled with standard AT commands over serial.',
  'iot-wireless', 39.95, null, false, 0, 4.1, 29,
  '/images/products/4g-lte-cat-1-modem-module-with-gnss-1.svg',
  array['/images/products/4g-lte-cat-1-modem-module-with-gnss-1.svg', '/images/products/4g-lte-cat-1-modem-module-with-gnss-2.svg', '/images/products/4g-lte-cat-1-modem-module-with-gnss-3.svg', '/images/products/4g-lte-cat-1-modem-module-with-gnss-4.svg'],
  array['LTE Cat-1, up to 10 Mbps down', 'GNSS: GPS, GLONASS, BeiDou', 'Nano-SIM slot', 'LTE and GNSS antennas included'],
  '{"Network":"LTE Cat-1, 2G fallback","Positioning":"GPS, GLONASS, BeiDou","Interface":"UART, USB","Supply Voltage":"3.4 - 4.2 V","SIM":"Nano-SIM"}'::jsonb
);
insert into public.products
  (id, name, description, category, price, original_price, in_stock, stock_count, rating, reviews, image, images, features, specifications)
values (
  43,
  'NEO-6M GPS Module with Ceramic Antenna',
  'A GPS receiver with a 25 mm ceramic patch antenna and a backup battery for fast fixes. It outputs standard NMEA sentences over serial, ready for trackers, clocks and drones.',
  'iot-wireless', 9.95, null, true, 103, 4.4, 337,
  '/images/products/neo-6m-gps-module-with-ceramic-antenna-1.svg',
  array['/images/products/neo-6m-gps-module-with-ceramic-antenna-1.svg', '/images/products/neo-6m-gps-module-with-ceramic-antenna-2.svg', '/images/products/neo-6m-gps-module-with-ceramic-antenna-3.svg'],
  array['u-blox NEO-6M receiver', '25 x 25 mm ceramic patch antenna', 'Backup battery for hot start', 'NMEA output at 9600 baud'],
  '{"Receiver":"NEO-6M","Channels":"50","Accuracy":"2.5 m CEP","Update Rate":"1 - 5 Hz","Interface":"UART","Supply Voltage":"3 - 5 V"}'::jsonb
);
insert into public.products
  (id, name, description, category, price, original_price, in_stock, stock_count, rating, reviews, image, images, features, specifications)
values (
  44,
  'LoRaWAN 8-Channel Indoor Gateway',
  'Bring your own LoRaWAN network to the house, farm or campus: this gateway listens on eight channels at once and forwards packets over Wi-Fi or Ethernet to The Things Network or your own server. Set-up runs in a browser.',
  'iot-wireless', 169.00, 189.00, true, 15, 4.6, 42,
  '/images/products/lorawan-8-channel-indoor-gateway-1.svg',
  array['/images/products/lorawan-8-channel-indoor-gateway-1.svg', '/images/products/lorawan-8-channel-indoor-gateway-2.svg', '/images/products/lorawan-8-channel-indoor-gateway-3.svg', '/images/products/lorawan-8-channel-indoor-gateway-4.svg'],
  array['8 channels, concurrent reception', 'Wi-Fi and Ethernet backhaul', 'Connects to public or private LoRaWAN servers', 'Browser-based set-up', 'USB-C powered', 'External antenna connector', 'Covers up to 10 km in open areas'],
  '{"Concentrator":"SX1302","Channels":"8","Frequency":"EU868 / US915","Backhaul":"Wi-Fi, Ethernet","Power":"5 V / 2 A USB-C","Dimensions":"90 x 90 x 30 mm"}'::jsonb
);
insert into public.products
  (id, name, description, category, price, original_price, in_stock, stock_count, rating, reviews, image, images, features, specifications)
values (
  45,
  'Zigbee 3.0 USB Coordinator Dongle',
  'A Zigbee 3.0 coordinator on a USB stick for home automation servers. Plug it into a single-board computer to pair sensors, switches and lights from many brands without their hubs.',
  'iot-wireless', 19.95, null, true, 58, 0.0, 0,
  '/images/products/zigbee-3-0-usb-coordinator-dongle-1.svg',
  array['/images/products/zigbee-3-0-usb-coordinator-dongle-1.svg', '/images/products/zigbee-3-0-usb-coordinator-dongle-2.svg'],
  array['Zigbee 3.0 coordinator firmware', 'External antenna for better range', 'Works with popular open-source home automation', 'USB-A plug'],
  '{"Protocol":"Zigbee 3.0","Chip":"CC2652P","Transmit Power":"+20 dBm","Interface":"USB-serial","Antenna":"External SMA"}'::jsonb
);

-- robotics ----------------------------------------------------------------------------------

insert into public.products
  (id, name, description, category, price, original_price, in_stock, stock_count, rating, reviews, image, images, features, specifications)
values (
  46,
  'SG90 Micro Servo, 9 g',
  'The lightweight servo behind countless robot arms, pan-tilt heads and animatronics. It turns through 180 degrees on a standard PWM signal and comes with horns and screws.',
  'robotics', 2.95, null, true, 520, 4.4, 1530,
  '/images/products/sg90-micro-servo-9-g-1.svg',
  array['/images/products/sg90-micro-servo-9-g-1.svg', '/images/products/sg90-micro-servo-9-g-2.svg', '/images/products/sg90-micro-servo-9-g-3.svg'],
  array['180° rotation', '1.8 kg·cm torque', 'Standard 3-pin PWM connector', 'Horns and mounting screws included'],
  '{"Weight":"9 g","Torque":"1.8 kg·cm at 4.8 V","Speed":"0.1 s/60°","Rotation":"180°","Operating Voltage":"4.8 - 6 V","Dimensions":"23 x 12 x 29 mm"}'::jsonb
);
insert into public.products
  (id, name, description, category, price, original_price, in_stock, stock_count, rating, reviews, image, images, features, specifications)
values (
  47,
  'MG996R Metal Gear Servo, 13 kg·cm',
  'A strong standard-size servo with metal gears and ball bearings for arms, legs and steering that need real torque. Drop-in compatible with any standard servo mount.',
  'robotics', 8.95, null, true, 136, 4.5, 644,
  '/images/products/mg996r-metal-gear-servo-13-kg-cm-1.svg',
  array['/images/products/mg996r-metal-gear-servo-13-kg-cm-1.svg', '/images/products/mg996r-metal-gear-servo-13-kg-cm-2.svg', '/images/products/mg996r-metal-gear-servo-13-kg-cm-3.svg'],
  array['13 kg·cm stall torque at 6 V', 'Metal gear train', 'Dual ball bearings', 'Standard size and connector'],
  '{"Weight":"55 g","Torque":"13 kg·cm at 6 V","Speed":"0.14 s/60°","Rotation":"180°","Operating Voltage":"4.8 - 7.2 V","Dimensions":"40 x 20 x 43 mm"}'::jsonb
);
insert into public.products
  (id, name, description, category, price, original_price, in_stock, stock_count, rating, reviews, image, images, features, specifications)
values (
  48,
  'TT Gear Motor with Wheel, 2-Pack',
  'Two yellow TT gear motors with 65 mm rubber wheels, the standard drive for small robot cars. The 1:48 gearbox gives enough torque for a two-wheel chassis on 3 to 6 V.',
  'robotics', 5.95, null, true, 248, 4.3, 377,
  '/images/products/tt-gear-motor-with-wheel-2-pack-1.svg',
  array['/images/products/tt-gear-motor-with-wheel-2-pack-1.svg', '/images/products/tt-gear-motor-with-wheel-2-pack-2.svg'],
  array['1:48 gear ratio', '65 mm rubber tyre wheels', 'Runs from 3 to 6 V', 'Double-shaft for encoder discs'],
  '{"Gear Ratio":"1:48","No-Load Speed":"200 RPM at 6 V","Operating Voltage":"3 - 6 V","Wheel Diameter":"65 mm","Quantity":"2 motors, 2 wheels"}'::jsonb
);
insert into public.products
  (id, name, description, category, price, original_price, in_stock, stock_count, rating, reviews, image, images, features, specifications)
values (
  49,
  'L298N Dual H-Bridge Motor Driver',
  'Drive two DC motors or one stepper with up to 2 A per channel. The big heatsink keeps it cool, and the on-board 5 V regulator can power your microcontroller too.',
  'robotics', 4.95, null, true, 301, 4.5, 865,
  '/images/products/l298n-dual-h-bridge-motor-driver-1.svg',
  array['/images/products/l298n-dual-h-bridge-motor-driver-1.svg', '/images/products/l298n-dual-h-bridge-motor-driver-2.svg', '/images/products/l298n-dual-h-bridge-motor-driver-3.svg'],
  array['Two H-bridge channels, 2 A each', 'Controls 2 DC motors or 1 stepper', 'On-board 5 V regulator', 'Screw terminals and heatsink'],
  '{"Driver IC":"L298N","Motor Voltage":"5 - 35 V","Current":"2 A per channel","Logic Voltage":"5 V","Dimensions":"43 x 43 x 27 mm"}'::jsonb
);
insert into public.products
  (id, name, description, category, price, original_price, in_stock, stock_count, rating, reviews, image, images, features, specifications)
values (
  50,
  'NEMA 17 Stepper Motor, 1.8°, 45 N·cm',
  'A precise bipolar stepper motor for 3D printers, CNC machines and camera sliders. It moves in 200 exact steps per turn and holds its position with 45 N·cm of torque.',
  'robotics', 13.95, null, true, 92, 4.7, 318,
  '/images/products/nema-17-stepper-motor-1-8-45-n-cm-1.svg',
  array['/images/products/nema-17-stepper-motor-1-8-45-n-cm-1.svg', '/images/products/nema-17-stepper-motor-1-8-45-n-cm-2.svg', '/images/products/nema-17-stepper-motor-1-8-45-n-cm-3.svg'],
  array['200 steps per revolution', '45 N·cm holding torque', 'Bipolar, 4 wires', 'Detachable 1 m cable'],
  '{"Frame Size":"42 x 42 mm (NEMA 17)","Step Angle":"1.8°","Holding Torque":"45 N·cm","Rated Current":"1.5 A","Shaft":"5 mm D-shaft","Length":"40 mm"}'::jsonb
);
insert into public.products
  (id, name, description, category, price, original_price, in_stock, stock_count, rating, reviews, image, images, features, specifications)
values (
  51,
  'A4988 Stepper Driver with Heatsink, 5-Pack',
  'Five microstepping driver boards for bipolar stepper motors, each with a stick-on heatsink. Set the current with the trimmer and control each motor with just STEP and DIR pins.',
  'robotics', 9.95, null, false, 0, 4.4, 233,
  '/images/products/a4988-stepper-driver-with-heatsink-5-pack-1.svg',
  array['/images/products/a4988-stepper-driver-with-heatsink-5-pack-1.svg', '/images/products/a4988-stepper-driver-with-heatsink-5-pack-2.svg'],
  array['Up to 1/16 microstepping', 'Up to 2 A per coil with cooling', 'Adjustable current limit', 'Thermal and over-current protection'],
  '{"Driver IC":"A4988","Motor Voltage":"8 - 35 V","Current":"1 A continuous, 2 A with cooling","Microstepping":"Full to 1/16","Quantity":"5 drivers"}'::jsonb
);
insert into public.products
  (id, name, description, category, price, original_price, in_stock, stock_count, rating, reviews, image, images, features, specifications)
values (
  52,
  '2WD Smart Robot Car Chassis Kit',
  'An acrylic two-wheel-drive chassis with motors, wheels, a caster and a battery holder: add a driver board and a microcontroller and your first robot is rolling. All screws and spacers are included.',
  'robotics', 16.95, 21.95, true, 66, 4.2, 189,
  '/images/products/2wd-smart-robot-car-chassis-kit-1.svg',
  array['/images/products/2wd-smart-robot-car-chassis-kit-1.svg', '/images/products/2wd-smart-robot-car-chassis-kit-2.svg', '/images/products/2wd-smart-robot-car-chassis-kit-3.svg'],
  array['Laser-cut acrylic chassis', '2 TT gear motors and wheels', 'Swivel caster', '4 x AA battery holder with switch'],
  '{"Chassis Size":"210 x 150 mm","Motors":"2 x TT gear motor, 1:48","Wheels":"65 mm","Power":"4 x AA (not included)","Material":"Acrylic"}'::jsonb
);
insert into public.products
  (id, name, description, category, price, original_price, in_stock, stock_count, rating, reviews, image, images, features, specifications)
values (
  53,
  '6-DOF Desktop Robot Arm Kit, Metal',
  'A six-axis robot arm with an aluminium frame, six metal-gear servos and a gripper. It comes with a servo controller board and can be driven from a microcontroller, a single-board computer or the included app. Build it in an afternoon and teach it to pick and place.',
  'robotics', 189.00, null, true, 9, 4.3, 47,
  '/images/products/6-dof-desktop-robot-arm-kit-metal-1.svg',
  array['/images/products/6-dof-desktop-robot-arm-kit-metal-1.svg', '/images/products/6-dof-desktop-robot-arm-kit-metal-2.svg', '/images/products/6-dof-desktop-robot-arm-kit-metal-3.svg'],
  array['6 degrees of freedom with gripper', 'Aluminium alloy frame', '6 metal-gear digital servos included', '16-channel servo controller board', 'Reach of 350 mm', 'Payload up to 250 g', 'Step-by-step assembly guide'],
  '{"Degrees of Freedom":"6","Reach":"350 mm","Payload":"250 g","Servos":"6 x 20 kg·cm metal gear","Power":"7.4 V / 5 A","Material":"Aluminium alloy"}'::jsonb
);
insert into public.products
  (id, name, description, category, price, original_price, in_stock, stock_count, rating, reviews, image, images, features, specifications)
values (
  54,
  'PCA9685 16-Channel PWM Servo Driver',
  'Control up to sixteen servos or LEDs from just two I2C pins, with 12-bit resolution. Chain up to 62 boards for 992 channels, and power the servos from the separate screw terminal.',
  'robotics', 7.95, null, true, 142, 4.6, 402,
  '/images/products/pca9685-16-channel-pwm-servo-driver-1.svg',
  array['/images/products/pca9685-16-channel-pwm-servo-driver-1.svg', '/images/products/pca9685-16-channel-pwm-servo-driver-2.svg', '/images/products/pca9685-16-channel-pwm-servo-driver-3.svg'],
  array['16 channels, 12-bit PWM', 'I2C interface, 62 addresses', 'Separate servo power terminal', 'Reverse polarity protection'],
  '{"Driver IC":"PCA9685","Channels":"16","Resolution":"12-bit","Interface":"I2C","Logic Voltage":"3.3 - 5 V","Servo Voltage":"Up to 6 V"}'::jsonb
);

-- sensors -----------------------------------------------------------------------------------

insert into public.products
  (id, name, description, category, price, original_price, in_stock, stock_count, rating, reviews, image, images, features, specifications)
values (
  55,
  'BME280 Temperature, Humidity & Pressure Breakout',
  'One tiny sensor for weather stations and indoor climate monitors: temperature, relative humidity and barometric pressure, read over I2C or SPI. Its pressure accuracy is good enough to estimate altitude to about a metre.',
  'sensors', 8.95, null, true, 176, 4.7, 623,
  '/images/products/bme280-temperature-humidity-pressure-breakout-1.svg',
  array['/images/products/bme280-temperature-humidity-pressure-breakout-1.svg', '/images/products/bme280-temperature-humidity-pressure-breakout-2.svg', '/images/products/bme280-temperature-humidity-pressure-breakout-3.svg'],
  array['Temperature, humidity and pressure in one', 'I2C or SPI interface', '±1 hPa pressure accuracy', 'On-board 3.3 V regulator and level shifting'],
  '{"Sensor IC":"BME280","Temperature Range":"-40 to 85 °C","Humidity Accuracy":"±3 % RH","Pressure Range":"300 - 1100 hPa","Interface":"I2C / SPI","Operating Voltage":"3.3 - 5 V"}'::jsonb
);
insert into public.products
  (id, name, description, category, price, original_price, in_stock, stock_count, rating, reviews, image, images, features, specifications)
values (
  56,
  'HC-SR04 Ultrasonic Distance Sensor',
  'Measures distance from 2 cm to 4 m by timing an ultrasonic echo, the classic eyes for obstacle-avoiding robots and parking helpers.',
  'sensors', 2.95, null, true, 402, 4.5, 1410,
  '/images/products/hc-sr04-ultrasonic-distance-sensor-1.svg',
  array['/images/products/hc-sr04-ultrasonic-distance-sensor-1.svg', '/images/products/hc-sr04-ultrasonic-distance-sensor-2.svg', '/images/products/hc-sr04-ultrasonic-distance-sensor-3.svg', '/images/products/hc-sr04-ultrasonic-distance-sensor-4.svg'],
  array['Range 2 cm to 4 m', 'About 3 mm resolution', 'Simple trigger and echo pins', '15° measuring angle'],
  '{"Range":"2 - 400 cm","Resolution":"3 mm","Frequency":"40 kHz","Operating Voltage":"5 V","Current":"15 mA","Dimensions":"45 x 20 x 15 mm"}'::jsonb
);
insert into public.products
  (id, name, description, category, price, original_price, in_stock, stock_count, rating, reviews, image, images, features, specifications)
values (
  57,
  'DHT22 Temperature & Humidity Sensor Module',
  'A calibrated digital temperature and humidity sensor on a small board with a pull-up resistor, ready for a single GPIO. Works with the common DHT_22 / AM2302 driver libraries.',
  'sensors', 6.95, null, true, 188, 4.3, 512,
  '/images/products/dht22-temperature-humidity-sensor-module-1.svg',
  array['/images/products/dht22-temperature-humidity-sensor-module-1.svg', '/images/products/dht22-temperature-humidity-sensor-module-2.svg'],
  array['Temperature and humidity on one data wire', 'Factory calibrated', 'Pull-up resistor on board', '3-pin header'],
  '{"Sensor":"DHT22 / AM2302","Temperature Range":"-40 to 80 °C","Temperature Accuracy":"±0.5 °C","Humidity Range":"0 - 100 % RH","Sampling Interval":"2 s","Operating Voltage":"3.3 - 6 V"}'::jsonb
);
insert into public.products
  (id, name, description, category, price, original_price, in_stock, stock_count, rating, reviews, image, images, features, specifications)
values (
  58,
  'MPU-6050 6-Axis Accelerometer & Gyroscope',
  'A three-axis accelerometer and three-axis gyroscope with an on-chip motion processor, for self-balancing robots, gesture controllers and drones.',
  'sensors', 3.95, null, true, 233, 4.4, 689,
  '/images/products/mpu-6050-6-axis-accelerometer-gyroscope-1.svg',
  array['/images/products/mpu-6050-6-axis-accelerometer-gyroscope-1.svg', '/images/products/mpu-6050-6-axis-accelerometer-gyroscope-2.svg'],
  array['3-axis accelerometer and 3-axis gyroscope', '16-bit readings', 'Digital motion processor', 'I2C interface'],
  '{"Sensor IC":"MPU-6050","Accelerometer Range":"±2 / 4 / 8 / 16 g","Gyroscope Range":"±250 - 2000 °/s","Interface":"I2C","Operating Voltage":"3.3 - 5 V"}'::jsonb
);
insert into public.products
  (id, name, description, category, price, original_price, in_stock, stock_count, rating, reviews, image, images, features, specifications)
values (
  59,
  'PIR Motion Sensor Module (HC-SR501)',
  'Detects people moving up to 7 m away with a wide-angle Fresnel lens. Adjust sensitivity and hold time with two trimmers and read a simple high or low output.',
  'sensors', 2.95, null, true, 295, 4.5, 774,
  '/images/products/pir-motion-sensor-module-hc-sr501-1.svg',
  array['/images/products/pir-motion-sensor-module-hc-sr501-1.svg', '/images/products/pir-motion-sensor-module-hc-sr501-2.svg', '/images/products/pir-motion-sensor-module-hc-sr501-3.svg'],
  array['Detection range 3 - 7 m, adjustable', 'Hold time 5 s to 5 min', 'Single or repeat trigger modes', 'Low quiescent current'],
  '{"Range":"3 - 7 m","Detection Angle":"110°","Output":"Digital, 3.3 V high","Supply Voltage":"4.5 - 20 V","Dimensions":"32 x 24 mm"}'::jsonb
);
insert into public.products
  (id, name, description, category, price, original_price, in_stock, stock_count, rating, reviews, image, images, features, specifications)
values (
  60,
  'VL53L0X Time-of-Flight Distance Sensor',
  'A laser time-of-flight sensor that measures up to 2 m with millimetre resolution, unaffected by the colour of the target. Tiny and fast, it suits robots, gesture switches and liquid level sensing.',
  'sensors', 6.95, null, true, 117, 4.6, 263,
  '/images/products/vl53l0x-time-of-flight-distance-sensor-1.svg',
  array['/images/products/vl53l0x-time-of-flight-distance-sensor-1.svg', '/images/products/vl53l0x-time-of-flight-distance-sensor-2.svg'],
  array['Range up to 2 m', '940 nm invisible laser', 'I2C interface with adjustable address', 'Fast 30 ms readings'],
  '{"Sensor IC":"VL53L0X","Range":"30 - 2000 mm","Wavelength":"940 nm","Interface":"I2C","Operating Voltage":"2.6 - 5.5 V"}'::jsonb
);
insert into public.products
  (id, name, description, category, price, original_price, in_stock, stock_count, rating, reviews, image, images, features, specifications)
values (
  61,
  'MLX90640 Thermal Camera Breakout, 32x24',
  'A 768-pixel thermal camera that sees heat from -40 to 300 °C, good for finding hot components, leaks and people. It streams frames over I2C at up to 16 Hz.',
  'sensors', 69.95, 79.95, true, 21, 4.6, 58,
  '/images/products/mlx90640-thermal-camera-breakout-32x24-1.svg',
  array['/images/products/mlx90640-thermal-camera-breakout-32x24-1.svg', '/images/products/mlx90640-thermal-camera-breakout-32x24-2.svg', '/images/products/mlx90640-thermal-camera-breakout-32x24-3.svg'],
  array['32 x 24 thermal pixels', '110° or 55° field of view', '-40 to 300 °C range', 'I2C at up to 1 MHz'],
  '{"Sensor IC":"MLX90640","Resolution":"32 x 24","Field of View":"110° x 75°","Temperature Range":"-40 to 300 °C","Frame Rate":"0.5 - 64 Hz","Interface":"I2C"}'::jsonb
);
insert into public.products
  (id, name, description, category, price, original_price, in_stock, stock_count, rating, reviews, image, images, features, specifications)
values (
  62,
  '360° LiDAR Scanner, 12 m Range',
  'A spinning laser range scanner that maps its surroundings 8,000 times a second for robot navigation and SLAM. It connects over USB or UART and works with ROS out of the box.',
  'sensors', 119.00, null, true, 14, 4.4, 36,
  '/images/products/360-lidar-scanner-12-m-range-1.svg',
  array['/images/products/360-lidar-scanner-12-m-range-1.svg', '/images/products/360-lidar-scanner-12-m-range-2.svg', '/images/products/360-lidar-scanner-12-m-range-3.svg'],
  array['360° scanning at 5 - 15 Hz', '12 m range', '8,000 samples per second', 'USB adapter included', 'ROS and ROS 2 drivers', 'Low-noise brushless motor'],
  '{"Range":"0.15 - 12 m","Scan Rate":"5 - 15 Hz","Sample Rate":"8,000 /s","Angular Resolution":"0.45 - 1.35°","Interface":"UART / USB","Supply Voltage":"5 V"}'::jsonb
);
insert into public.products
  (id, name, description, category, price, original_price, in_stock, stock_count, rating, reviews, image, images, features, specifications)
values (
  63,
  'Capacitive Soil Moisture Sensor v2.0',
  'A corrosion-resistant soil moisture probe that measures capacitance instead of passing current through the soil, so it lasts season after season. Outputs an analog voltage for any ADC.',
  'sensors', 2.49, null, false, 0, 4.1, 402,
  '/images/products/capacitive-soil-moisture-sensor-v2-0-1.svg',
  array['/images/products/capacitive-soil-moisture-sensor-v2-0-1.svg', '/images/products/capacitive-soil-moisture-sensor-v2-0-2.svg'],
  array['Capacitive sensing, no exposed metal', 'Analog output', 'Works at 3.3 V and 5 V', '3-pin cable included'],
  '{"Output":"Analog, 1.2 - 2.5 V","Operating Voltage":"3.3 - 5.5 V","Current":"5 mA","Dimensions":"99 x 16 mm","Interface":"3-pin PH2.0"}'::jsonb
);

-- tools -------------------------------------------------------------------------------------

insert into public.products
  (id, name, description, category, price, original_price, in_stock, stock_count, rating, reviews, image, images, features, specifications)
values (
  64,
  'Digital Soldering Station, 90 W',
  'A fast-heating temperature-controlled station for everything from 0402 parts to heavy ground planes. The iron reaches 350 °C in under 10 seconds and the large display shows set and actual temperature.',
  'tools', 119.00, 139.00, true, 27, 4.8, 204,
  '/images/products/digital-soldering-station-90-w-1.svg',
  array['/images/products/digital-soldering-station-90-w-1.svg', '/images/products/digital-soldering-station-90-w-2.svg', '/images/products/digital-soldering-station-90-w-3.svg'],
  array['90 W with 10 s heat-up', '200 - 480 °C, ±2 °C stability', 'Three temperature presets', 'Auto-sleep when the iron rests', 'ESD-safe, grounded tip', 'Iron stand with brass wool cleaner', 'Includes 5 extra tips'],
  '{"Power":"90 W","Temperature Range":"200 - 480 °C","Stability":"±2 °C","Heat-Up Time":"< 10 s to 350 °C","Tip Type":"T12 compatible","Supply":"220 - 240 V or 110 - 120 V AC"}'::jsonb
);
insert into public.products
  (id, name, description, category, price, original_price, in_stock, stock_count, rating, reviews, image, images, features, specifications)
values (
  65,
  'Auto-Ranging Digital Multimeter',
  'A true-RMS multimeter that picks the right range for you, with a backlit display, continuity beeper and a kickstand. It measures voltage, current, resistance, capacitance, frequency and temperature.',
  'tools', 29.95, 34.95, true, 94, 4.6, 455,
  '/images/products/auto-ranging-digital-multimeter-1.svg',
  array['/images/products/auto-ranging-digital-multimeter-1.svg', '/images/products/auto-ranging-digital-multimeter-2.svg', '/images/products/auto-ranging-digital-multimeter-3.svg'],
  array['True-RMS, 6000 counts', 'Auto-ranging', 'Capacitance, frequency and temperature', 'Backlit display and continuity beeper', 'CAT III 600 V safety rating'],
  '{"Display":"6000 counts, backlit","DC Voltage":"600 mV - 600 V","AC Current":"Up to 10 A","Resistance":"600 Ω - 60 MΩ","Capacitance":"10 nF - 100 mF","Safety":"CAT III 600 V"}'::jsonb
);
insert into public.products
  (id, name, description, category, price, original_price, in_stock, stock_count, rating, reviews, image, images, features, specifications)
values (
  66,
  'USB Logic Analyzer, 24 MHz 8-Channel',
  'See exactly what is happening on your I2C, SPI and UART lines. This small analyser samples eight channels at up to 24 MHz and works with open-source software that decodes over a hundred protocols.',
  'tools', 12.95, null, true, 112, 4.4, 318,
  '/images/products/usb-logic-analyzer-24-mhz-8-channel-1.svg',
  array['/images/products/usb-logic-analyzer-24-mhz-8-channel-1.svg', '/images/products/usb-logic-analyzer-24-mhz-8-channel-2.svg'],
  array['8 channels at up to 24 MS/s', 'Decodes I2C, SPI, UART and more', 'Works with open-source capture software', 'Test clips included'],
  '{"Channels":"8","Sample Rate":"24 MS/s","Input Voltage":"0 - 5 V","Interface":"USB 2.0","Software":"Open-source, Windows / macOS / Linux"}'::jsonb
);
insert into public.products
  (id, name, description, category, price, original_price, in_stock, stock_count, rating, reviews, image, images, features, specifications)
values (
  67,
  'Digital Oscilloscope, 2-Channel 100 MHz',
  'A bench oscilloscope with two 100 MHz channels, a 7 inch colour screen and deep memory for catching glitches. Built-in serial decoding and a USB port make debugging and sharing waveforms easy.',
  'tools', 349.00, null, true, 11, 4.7, 71,
  '/images/products/digital-oscilloscope-2-channel-100-mhz-1.svg',
  array['/images/products/digital-oscilloscope-2-channel-100-mhz-1.svg', '/images/products/digital-oscilloscope-2-channel-100-mhz-2.svg', '/images/products/digital-oscilloscope-2-channel-100-mhz-3.svg', '/images/products/digital-oscilloscope-2-channel-100-mhz-4.svg'],
  array['2 channels, 100 MHz bandwidth', '1 GS/s real-time sample rate', '7 inch colour display', 'Up to 10 Mpts memory', 'I2C, SPI and UART decoding', 'USB host and device ports', 'Two 100 MHz probes included'],
  '{"Bandwidth":"100 MHz","Channels":"2","Sample Rate":"1 GS/s","Memory Depth":"10 Mpts","Display":"7 in colour TFT","Interface":"USB"}'::jsonb
);
insert into public.products
  (id, name, description, category, price, original_price, in_stock, stock_count, rating, reviews, image, images, features, specifications)
values (
  68,
  'Lead-Free Rosin Core Solder Wire, 0.8 mm, 100 g',
  'Flows smoothly and leaves shiny joints, with 100% pure rosin core flux that needs no cleaning for hobby work. The 0.8 mm diameter suits through-hole parts and most surface-mount work.',
  'tools', 9.95, null, true, 264, 4.5, 390,
  '/images/products/lead-free-rosin-core-solder-wire-0-8-mm-100-g-1.svg',
  array['/images/products/lead-free-rosin-core-solder-wire-0-8-mm-100-g-1.svg', '/images/products/lead-free-rosin-core-solder-wire-0-8-mm-100-g-2.svg'],
  array['Sn99.3 Cu0.7 lead-free alloy', 'No-clean rosin flux core', '0.8 mm diameter', '100 g spool'],
  '{"Alloy":"Sn99.3 Cu0.7","Diameter":"0.8 mm","Weight":"100 g","Melting Point":"227 °C","Flux Content":"2.2 %"}'::jsonb
);
insert into public.products
  (id, name, description, category, price, original_price, in_stock, stock_count, rating, reviews, image, images, features, specifications)
values (
  69,
  'Precision Flush Cutters',
  'Sharp, flush-cutting side cutters that trim component leads right at the board. Spring-loaded handles make long sessions comfortable.',
  'tools', 6.95, null, true, 330, 4.6, 702,
  '/images/products/precision-flush-cutters-1.svg',
  array['/images/products/precision-flush-cutters-1.svg', '/images/products/precision-flush-cutters-2.svg'],
  array['Flush cut for clean leads', 'Hardened carbon steel jaws', 'Spring return', 'Cuts copper wire up to 1.3 mm'],
  '{"Length":"125 mm","Jaw Material":"Carbon steel","Cutting Capacity":"1.3 mm copper","Handles":"Non-slip, spring loaded"}'::jsonb
);
insert into public.products
  (id, name, description, category, price, original_price, in_stock, stock_count, rating, reviews, image, images, features, specifications)
values (
  70,
  'Helping Hands with Magnifier & LED Light',
  'Four flexible arms with alligator clips hold boards and wires exactly where you need them, while a 3x magnifier and LED light show every joint. The heavy base does not tip.',
  'tools', 19.95, null, true, 77, 4.2, 164,
  '/images/products/helping-hands-with-magnifier-led-light-1.svg',
  array['/images/products/helping-hands-with-magnifier-led-light-1.svg', '/images/products/helping-hands-with-magnifier-led-light-2.svg'],
  array['4 flexible arms with clips', '3x magnifier', 'USB-powered LED light', 'Heavy cast base'],
  '{"Arms":"4, flexible","Magnification":"3x","Light":"USB LED","Base":"Cast iron, 1 kg"}'::jsonb
);
insert into public.products
  (id, name, description, category, price, original_price, in_stock, stock_count, rating, reviews, image, images, features, specifications)
values (
  71,
  'Adjustable Bench Power Supply, 30 V 5 A',
  'A clean, linear-regulated bench supply with independent voltage and current limits, so you can power new circuits without frying them. Four-digit displays show both values at a glance.',
  'tools', 109.00, null, false, 0, 4.5, 126,
  '/images/products/adjustable-bench-power-supply-30-v-5-a-1.svg',
  array['/images/products/adjustable-bench-power-supply-30-v-5-a-1.svg', '/images/products/adjustable-bench-power-supply-30-v-5-a-2.svg', '/images/products/adjustable-bench-power-supply-30-v-5-a-3.svg'],
  array['0 - 30 V and 0 - 5 A adjustable', 'Constant voltage and constant current', 'Coarse and fine knobs', 'Short-circuit and overload protection', 'Low ripple'],
  '{"Output Voltage":"0 - 30 V","Output Current":"0 - 5 A","Ripple":"< 1 mV rms","Display":"4-digit LED, V and A","Dimensions":"260 x 160 x 110 mm"}'::jsonb
);
insert into public.products
  (id, name, description, category, price, original_price, in_stock, stock_count, rating, reviews, image, images, features, specifications)
values (
  72,
  'Heat-Resistant Silicone Soldering Mat',
  'A large silicone mat that withstands 500 °C, with magnetic-free screw trays and a ruler printed along the edges. Protects your desk from solder splashes and keeps tiny parts from rolling away.',
  'tools', 12.95, null, true, 145, 0.0, 0,
  '/images/products/heat-resistant-silicone-soldering-mat-1.svg',
  array['/images/products/heat-resistant-silicone-soldering-mat-1.svg', '/images/products/heat-resistant-silicone-soldering-mat-2.svg'],
  array['Heat resistant to 500 °C', 'Compartments for screws and parts', 'Printed ruler and grid', 'Washable, anti-static'],
  '{"Size":"450 x 300 mm","Thickness":"4 mm","Material":"Silicone","Temperature Resistance":"500 °C"}'::jsonb
);

-- The inserts chose their ids; move the identity sequence past them.
select setval(pg_get_serial_sequence('public.products', 'id'), (select max(id) from public.products));
