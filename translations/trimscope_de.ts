<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de">
<context>
    <name>BackgroundProbe</name>
    <message>
        <source>for %1</source>
        <translation>für %1</translation>
    </message>
    <message>
        <source>for at least %1 (still slow when the probe ended)</source>
        <translation>für mindestens %1 (am Ende der Messung noch langsam)</translation>
    </message>
    <message>
        <source>This drive trims in the background; its quick TRIM times understate the cost. After a %1 discard that returned in %2, 4 KiB writes took %3 instead of %4 (%5x slower) %6.</source>
        <translation>Dieses Laufwerk führt TRIM im Hintergrund aus; seine kurzen TRIM-Zeiten verschleiern die Kosten. Nach einem Discard von %1, der in %2 zurückkam, dauerten 4-KiB-Schreibvorgänge %3 statt %4 (%5-mal langsamer) %6.</translation>
    </message>
    <message>
        <source>No background TRIM work seen: after a %1 discard, 4 KiB writes stayed at their usual %2 for the %3 probed.</source>
        <translation>Keine TRIM-Arbeit im Hintergrund festgestellt: Nach einem Discard von %1 blieben 4-KiB-Schreibvorgänge während der gemessenen %3 bei ihren üblichen %2.</translation>
    </message>
</context>
<context>
    <name>CliAdvise</name>
    <message>
        <source>cannot read %1: %2</source>
        <translation>%1 kann nicht gelesen werden: %2</translation>
    </message>
    <message>
        <source>%1 measured %2, not %3: advise on one drive at a time</source>
        <translation>%1 hat %2 gemessen, nicht %3: Empfehlungen immer nur für ein Laufwerk</translation>
    </message>
    <message>
        <source>Verdict</source>
        <translation>Urteil</translation>
    </message>
    <message>
        <source>Numbers</source>
        <translation>Zahlen</translation>
    </message>
    <message>
        <source>Confidence</source>
        <translation>Verlässlichkeit</translation>
    </message>
    <message>
        <source>What would change the verdict</source>
        <translation>Was das Urteil ändern würde</translation>
    </message>
    <message>
        <source>What to do</source>
        <translation>Was zu tun ist</translation>
    </message>
    <message>
        <source>In</source>
        <translation>In</translation>
    </message>
    <message>
        <source>Findings</source>
        <translation>Befunde</translation>
    </message>
    <message>
        <source>Fix:</source>
        <translation>Abhilfe:</translation>
    </message>
    <message>
        <source>A sweep result, background-probe result or filesystem results (JSON); repeat for more runs of the same drive.</source>
        <translation>Ein Messergebnis (sweep), ein Hintergrund-Messergebnis (background-probe) oder Dateisystem-Ergebnisse (JSON); für weitere Läufe desselben Laufwerks wiederholen.</translation>
    </message>
    <message>
        <source>Audit this machine&apos;s TRIM stack too.</source>
        <translation>Auch den TRIM-Stapel dieses Rechners prüfen.</translation>
    </message>
    <message>
        <source>Audit a saved snapshot (see audit --save-snapshot).</source>
        <translation>Einen gespeicherten Schnappschuss prüfen (siehe audit --save-snapshot).</translation>
    </message>
    <message>
        <source>Free space a weekly fstrim trims (e.g. 60G).</source>
        <translation>Freier Speicher, den ein wöchentliches fstrim freigibt (z. B. 60G).</translation>
    </message>
    <message>
        <source>Print the advice as JSON.</source>
        <translation>Die Empfehlung als JSON ausgeben.</translation>
    </message>
    <message>
        <source>unexpected argument &apos;%1&apos;</source>
        <translation>unerwartetes Argument „%1“</translation>
    </message>
    <message>
        <source>--free: &apos;%1&apos; is not a size</source>
        <translation>--free: „%1“ ist keine Größe</translation>
    </message>
    <message>
        <source>no sweep result given (--from FILE): the advice can only be vague</source>
        <translation>kein Messergebnis angegeben (--from DATEI): die Empfehlung kann nur vage sein</translation>
    </message>
</context>
<context>
    <name>CliAudit</name>
    <message>
        <source>cannot write %1: %2</source>
        <translation>%1 kann nicht geschrieben werden: %2</translation>
    </message>
    <message>
        <source>Fix:</source>
        <translation>Abhilfe:</translation>
    </message>
    <message>
        <source>No mounted filesystem or swap on a solid-state or discard-capable device.</source>
        <translation>Kein eingehängtes Dateisystem und kein Swap auf einem Halbleiter- oder Discard-fähigen Gerät.</translation>
    </message>
    <message>
        <source>System</source>
        <translation>System</translation>
    </message>
    <message numerus="yes">
        <source>%n finding(s) at warning level or above.</source>
        <translation>
            <numerusform>%n Befund mit Stufe Warnung oder höher.</numerusform>
            <numerusform>%n Befunde mit Stufe Warnung oder höher.</numerusform>
        </translation>
    </message>
    <message>
        <source>Print the report as JSON.</source>
        <translation>Den Bericht als JSON ausgeben.</translation>
    </message>
    <message>
        <source>Audit a saved snapshot instead of this machine.</source>
        <translation>Einen gespeicherten Schnappschuss statt dieses Rechners prüfen.</translation>
    </message>
    <message>
        <source>Save what was read, for a bug report or a test.</source>
        <translation>Das Gelesene speichern, für einen Fehlerbericht oder einen Test.</translation>
    </message>
    <message>
        <source>unexpected argument &apos;%1&apos;</source>
        <translation>unerwartetes Argument „%1“</translation>
    </message>
    <message>
        <source>cannot read %1: %2</source>
        <translation>%1 kann nicht gelesen werden: %2</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
</context>
<context>
    <name>CliBackgroundProbe</name>
    <message>
        <source>confirm that DEVICE may be erased</source>
        <translation>bestätigen, dass GERÄT gelöscht werden darf</translation>
    </message>
    <message>
        <source>simulated drive</source>
        <translation>simuliertes Laufwerk</translation>
    </message>
    <message>
        <source>size of the large discard (default 1G)</source>
        <translation>Größe des großen Discards (Standard 1G)</translation>
    </message>
    <message>
        <source>longest time to probe after it (default 10)</source>
        <translation>längste Messdauer danach (Standard 10)</translation>
    </message>
    <message>
        <source>write the region first so the drive has data to trim</source>
        <translation>den Bereich zuerst beschreiben, damit das Laufwerk Daten zum Trimmen hat</translation>
    </message>
    <message>
        <source>write the result as JSON</source>
        <translation>das Ergebnis als JSON schreiben</translation>
    </message>
    <message>
        <source>block device</source>
        <translation>Blockgerät</translation>
    </message>
    <message>
        <source>give either a DEVICE or --simulate PROFILE</source>
        <translation>entweder ein GERÄT oder --simulate PROFIL angeben</translation>
    </message>
    <message>
        <source>the probe discards and writes on %1; add --destroy-data to confirm</source>
        <translation>die Messung verwirft und schreibt Daten auf %1; zur Bestätigung --destroy-data angeben</translation>
    </message>
    <message>
        <source>there is no simulated drive &apos;%1&apos; (see trimscope-cli profiles)</source>
        <translation>es gibt kein simuliertes Laufwerk „%1“ (siehe trimscope-cli profiles)</translation>
    </message>
    <message>
        <source>--discard: &apos;%1&apos; is not a size</source>
        <translation>--discard: „%1“ ist keine Größe</translation>
    </message>
    <message>
        <source>--seconds: &apos;%1&apos; is not a number</source>
        <translation>--seconds: „%1“ ist keine Zahl</translation>
    </message>
</context>
<context>
    <name>CliHealth</name>
    <message>
        <source>unknown</source>
        <translation>unbekannt</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>ja</translation>
    </message>
    <message>
        <source>no</source>
        <translation>nein</translation>
    </message>
    <message>
        <source>%1 bytes (%2)</source>
        <translation>%1 Bytes (%2)</translation>
    </message>
    <message>
        <source>ID# Name                        Value Worst Thres Pretty      Raw            Type    Updates Good Good/Past
</source>
        <translation>ID# Name                        Wert  Schl. Schw. Lesbar      Roh            Typ     Aktual. Gut  Gut/Früher
</translation>
    </message>
    <message>
        <source>Serial:       %1
Firmware:     %2
</source>
        <translation>Seriennummer: %1
Firmware:     %2
</translation>
    </message>
    <message>
        <source>Medium:       %1
</source>
        <translation>Medium:       %1
</translation>
    </message>
    <message>
        <source>not reported (word 217 = 0)</source>
        <translation>nicht gemeldet (Wort 217 = 0)</translation>
    </message>
    <message>
        <source>solid state</source>
        <translation>Halbleiter (SSD)</translation>
    </message>
    <message>
        <source>rotating, %1 rpm</source>
        <translation>rotierend, %1 U/min</translation>
    </message>
    <message>
        <source>TRIM:         %1; deterministic read after TRIM: %2; read zeroes after TRIM: %3
</source>
        <translation>TRIM:         %1; deterministisches Lesen nach TRIM: %2; liest Nullen nach TRIM: %3
</translation>
    </message>
    <message>
        <source>NCQ:          %1; SEND/RECEIVE FPDMA QUEUED (needed for queued TRIM): %2
</source>
        <translation>NCQ:          %1; SEND/RECEIVE FPDMA QUEUED (nötig für TRIM in der Warteschlange): %2
</translation>
    </message>
    <message>
        <source>SMART status: %1
</source>
        <translation>SMART-Status: %1
</translation>
    </message>
    <message>
        <source>good</source>
        <translation>gut</translation>
    </message>
    <message>
        <source>BAD</source>
        <translation>SCHLECHT</translation>
    </message>
    <message>
        <source>Power cycles: %1
</source>
        <translation>Einschaltvorgänge: %1
</translation>
    </message>
    <message>
        <source>Bad sectors:  %1 (reallocated %2, pending %3)
</source>
        <translation>Defekte Sektoren: %1 (umgelagert %2, ausstehend %3)
</translation>
    </message>
    <message>
        <source>Wear rule:    %1
</source>
        <translation>Verschleißregel: %1
</translation>
    </message>
    <message>
        <source>Writes rule:  %1 (raw %2 × %3 bytes)
</source>
        <translation>Schreibregel: %1 (roh %2 × %3 Bytes)
</translation>
    </message>
    <message>
        <source>Serial:       %1
Firmware:     %2
TRIM:         %3 (ONCS Dataset Management)
</source>
        <translation>Seriennummer: %1
Firmware:     %2
TRIM:         %3 (ONCS Dataset Management)
</translation>
    </message>
    <message>
        <source>Warnings:     %1
</source>
        <translation>Warnungen:    %1
</translation>
    </message>
    <message>
        <source>none</source>
        <translation>keine</translation>
    </message>
    <message>
        <source>Spare:        %1 % (threshold %2 %)
</source>
        <translation>Reserve:      %1 % (Schwelle %2 %)
</translation>
    </message>
    <message>
        <source>Host reads:   %1
</source>
        <translation>Gelesen (Host): %1
</translation>
    </message>
    <message>
        <source>Commands:     %1 reads, %2 writes
</source>
        <translation>Befehle:      %1 Lese-, %2 Schreibbefehle
</translation>
    </message>
    <message>
        <source>Power cycles: %1; unsafe shutdowns: %2
</source>
        <translation>Einschaltvorgänge: %1; unsichere Abschaltungen: %2
</translation>
    </message>
    <message>
        <source>Errors:       %1 media errors, %2 error-log entries
</source>
        <translation>Fehler:       %1 Medienfehler, %2 Fehlerprotokolleinträge
</translation>
    </message>
    <message>
        <source>Drive:        %1 (%2)
</source>
        <translation>Laufwerk:     %1 (%2)
</translation>
    </message>
    <message>
        <source>Source:       %1
</source>
        <translation>Quelle:       %1
</translation>
    </message>
    <message>
        <source>Capacity:     %1
</source>
        <translation>Kapazität:    %1
</translation>
    </message>
    <message>
        <source>Overall:      %1
</source>
        <translation>Gesamt:       %1
</translation>
    </message>
    <message>
        <source>Powered on:   %1
</source>
        <translation>Betriebszeit: %1
</translation>
    </message>
    <message>
        <source>%1 h</source>
        <translation>%1 h</translation>
    </message>
    <message>
        <source>Temperature:  %1
</source>
        <translation>Temperatur:   %1
</translation>
    </message>
    <message>
        <source>%1 °C</source>
        <translation>%1 °C</translation>
    </message>
    <message>
        <source>Wear:         %1
</source>
        <translation>Verschleiß:   %1
</translation>
    </message>
    <message>
        <source>%1 % of rated endurance used</source>
        <translation>%1 % der angegebenen Lebensdauer verbraucht</translation>
    </message>
    <message>
        <source>Host writes:  %1
</source>
        <translation>Geschrieben (Host): %1
</translation>
    </message>
    <message>
        <source>Lifespan:     about %1 years in total at %2 per day
</source>
        <translation>Lebensdauer:  etwa %1 Jahre insgesamt bei %2 pro Tag
</translation>
    </message>
    <message>
        <source>Lifespan:     unknown (%1)
</source>
        <translation>Lebensdauer:  unbekannt (%1)
</translation>
    </message>
    <message>
        <source>  assuming:   %1
</source>
        <translation>  angenommen: %1
</translation>
    </message>
    <message>
        <source>From wear:    about %1 years left ((100 − used) / used × power-on time)
</source>
        <translation>Aus Verschleiß: noch etwa %1 Jahre ((100 − verbraucht) / verbraucht × Betriebszeit)
</translation>
    </message>
    <message>
        <source>From wear:    unknown (%1)
</source>
        <translation>Aus Verschleiß: unbekannt (%1)
</translation>
    </message>
    <message>
        <source>Read a saved SMART blob (skdump --save).</source>
        <translation>Einen gespeicherten SMART-Datenblock lesen (skdump --save).</translation>
    </message>
    <message>
        <source>Print JSON.</source>
        <translation>JSON ausgeben.</translation>
    </message>
    <message>
        <source>NAND cell type for the estimate: slc, mlc, tlc, qlc.</source>
        <translation>NAND-Zelltyp für die Schätzung: slc, mlc, tlc, qlc.</translation>
    </message>
    <message>
        <source>Rated P/E cycles (default: by cell type).</source>
        <translation>Angegebene P/E-Zyklen (Standard: nach Zelltyp).</translation>
    </message>
    <message>
        <source>Write amplification (default 3).</source>
        <translation>Schreibverstärkung (Standard 3).</translation>
    </message>
    <message>
        <source>Block device, e.g. /dev/sda.</source>
        <translation>Blockgerät, z. B. /dev/sda.</translation>
    </message>
    <message>
        <source>give exactly one of DEVICE or --blob FILE</source>
        <translation>genau eines von GERÄT oder --blob DATEI angeben</translation>
    </message>
    <message>
        <source>unknown cell type &apos;%1&apos; (slc, mlc, tlc, qlc)</source>
        <translation>unbekannter Zelltyp „%1“ (slc, mlc, tlc, qlc)</translation>
    </message>
    <message>
        <source>--%1 needs a positive number</source>
        <translation>--%1 erwartet eine positive Zahl</translation>
    </message>
    <message>
        <source>cannot read %1: %2</source>
        <translation>%1 kann nicht gelesen werden: %2</translation>
    </message>
</context>
<context>
    <name>SafetyPolicy</name>
    <message>
        <source>%1 holds the root file system of this computer</source>
        <translation>%1 enthält das Wurzeldateisystem dieses Rechners</translation>
    </message>
    <message>
        <source>%1 is mounted at %2</source>
        <translation>%1 ist unter %2 eingehängt</translation>
    </message>
    <message>
        <source>%1 has a mounted partition: /dev/%2 at %3</source>
        <translation>%1 hat eine eingehängte Partition: /dev/%2 unter %3</translation>
    </message>
    <message>
        <source>%1 is in use as swap (%2)</source>
        <translation>%1 wird als Swap verwendet (%2)</translation>
    </message>
    <message>
        <source>%1 is in use by %2 (device mapper, RAID or similar)</source>
        <translation>%1 wird von %2 verwendet (Device-Mapper, RAID oder Ähnliches)</translation>
    </message>
    <message>
        <source>%1 is read-only</source>
        <translation>%1 ist schreibgeschützt</translation>
    </message>
    <message>
        <source>%1 has no medium or a size of zero</source>
        <translation>%1 hat kein Medium oder die Größe null</translation>
    </message>
    <message>
        <source>%1 does not support discard (TRIM): the kernel reports discard_max_bytes = 0</source>
        <translation>%1 unterstützt kein Discard (TRIM): der Kernel meldet discard_max_bytes = 0</translation>
    </message>
    <message>
        <source>Safe for a destructive benchmark: not mounted, not held, not swap, supports TRIM</source>
        <translation>Sicher für einen datenlöschenden Benchmark: nicht eingehängt, nicht belegt, kein Swap, unterstützt TRIM</translation>
    </message>
</context>
<context>
    <name>TrimAdvice</name>
    <message>
        <source>the audit found no filesystem on the measured drive, so its findings are for this machine&apos;s other drives</source>
        <translation>die Prüfung hat kein Dateisystem auf dem gemessenen Laufwerk gefunden; ihre Befunde betreffen also die anderen Laufwerke dieses Rechners</translation>
    </message>
    <message>
        <source>assumed like ext4: no discard figures for %1</source>
        <translation>wie ext4 angenommen: keine Discard-Zahlen für %1</translation>
    </message>
    <message>
        <source>One TRIM of %1 (%2&apos;s average discard)</source>
        <translation>Ein TRIM von %1 (durchschnittlicher Discard von %2)</translation>
    </message>
    <message>
        <source>log-log interpolation between the measured medians</source>
        <translation>doppelt logarithmische Interpolation zwischen den gemessenen Medianen</translation>
    </message>
    <message>
        <source>outside the measured sizes: the nearest measured median, scaled by size above the largest</source>
        <translation>außerhalb der gemessenen Größen: der nächste gemessene Median, oberhalb der größten Größe nach Größe skaliert</translation>
    </message>
    <message>
        <source>Extra time to delete a kernel tree (%1 files, 493 MB) on %2 with discard</source>
        <translation>Zusätzliche Zeit, um einen Kernel-Quellbaum (%1 Dateien, 493 MB) auf %2 mit Discard zu löschen</translation>
    </message>
    <message>
        <source>%1 discards x %2 per discard; %3</source>
        <translation>%1 Discards × %2 pro Discard; %3</translation>
    </message>
    <message>
        <source>fstrim of the %1 test filesystem</source>
        <translation>fstrim des %1-Testdateisystems</translation>
    </message>
    <message>
        <source>measured by the filesystem experiment</source>
        <translation>im Dateisystem-Experiment gemessen</translation>
    </message>
    <message>
        <source>the free space given</source>
        <translation>der angegebene freie Speicher</translation>
    </message>
    <message>
        <source>assuming half of the drive is free</source>
        <translation>unter der Annahme, dass die Hälfte des Laufwerks frei ist</translation>
    </message>
    <message>
        <source>the drive&apos;s size times the free fraction of %1</source>
        <translation>die Größe des Laufwerks mal dem freien Anteil von %1</translation>
    </message>
    <message>
        <source>Weekly fstrim of %1 free space</source>
        <translation>Wöchentliches fstrim von %1 freiem Speicher</translation>
    </message>
    <message>
        <source>%1, trimmed in 128 MiB pieces (ext4&apos;s block groups) at the measured time per piece; an upper bound when free space is in larger extents</source>
        <translation>%1, in Stücken von 128 MiB (den Blockgruppen von ext4) mit der gemessenen Zeit pro Stück getrimmt; eine Obergrenze, wenn der freie Speicher in größeren Bereichen liegt</translation>
    </message>
    <message>
        <source>Write slow-down after a large TRIM</source>
        <translation>Verlangsamung des Schreibens nach einem großen TRIM</translation>
    </message>
    <message>
        <source>median 4 KiB write after the discard (%1) over the median before (%2)</source>
        <translation>Median eines 4-KiB-Schreibvorgangs nach dem Discard (%1) geteilt durch den Median davor (%2)</translation>
    </message>
    <message>
        <source>Writes stayed slow for</source>
        <translation>Schreibvorgänge blieben langsam für</translation>
    </message>
    <message>
        <source>after a %1 discard that returned in %2%3</source>
        <translation>nach einem Discard von %1, der in %2 zurückkam%3</translation>
    </message>
    <message>
        <source>; still slow when the probe ended</source>
        <translation>; am Ende der Messung noch langsam</translation>
    </message>
    <message>
        <source>Background work per trimmed MiB</source>
        <translation>Hintergrundarbeit pro getrimmtem MiB</translation>
    </message>
    <message>
        <source>slow period / MiB discarded</source>
        <translation>langsame Zeitspanne / verworfene MiB</translation>
    </message>
    <message>
        <source>Slow writes after deleting a kernel tree with discard</source>
        <translation>Langsame Schreibvorgänge nach dem Löschen eines Kernel-Quellbaums mit Discard</translation>
    </message>
    <message>
        <source>493 MB x background work per MiB</source>
        <translation>493 MB × Hintergrundarbeit pro MiB</translation>
    </message>
    <message>
        <source>this drive</source>
        <translation>dieses Laufwerk</translation>
    </message>
    <message>
        <source>Mount %1 with discard</source>
        <translation>%1 mit discard einhängen</translation>
    </message>
    <message>
        <source>Replace the line for %1 in /etc/fstab; it takes effect at the next mount (or: mount -o remount,discard %1).</source>
        <translation>Die Zeile für %1 in /etc/fstab ersetzen; sie wirkt ab dem nächsten Einhängen (oder: mount -o remount,discard %1).</translation>
    </message>
    <message>
        <source>Mount %1 without discard</source>
        <translation>%1 ohne discard einhängen</translation>
    </message>
    <message>
        <source>Replace the line for %1 in /etc/fstab; it takes effect at the next mount (or: mount -o remount,nodiscard %1).</source>
        <translation>Die Zeile für %1 in /etc/fstab ersetzen; sie wirkt ab dem nächsten Einhängen (oder: mount -o remount,nodiscard %1).</translation>
    </message>
    <message>
        <source>Add discard to the mount options</source>
        <translation>discard zu den Einhängeoptionen hinzufügen</translation>
    </message>
    <message>
        <source>Remove discard from the mount options</source>
        <translation>discard aus den Einhängeoptionen entfernen</translation>
    </message>
    <message>
        <source>The 4th field of each filesystem&apos;s line on this drive; run advise with --audit for your exact lines.</source>
        <translation>Das 4. Feld der Zeile jedes Dateisystems auf diesem Laufwerk; advise mit --audit ausführen, um Ihre genauen Zeilen zu erhalten.</translation>
    </message>
    <message>
        <source>Run fstrim weekly</source>
        <translation>fstrim wöchentlich ausführen</translation>
    </message>
    <message>
        <source>util-linux&apos;s timer trims every mounted filesystem that supports it once a week. Without systemd, a weekly cron job running &apos;fstrim --all&apos; does the same.</source>
        <translation>Der Timer von util-linux trimmt einmal pro Woche jedes eingehängte Dateisystem, das es unterstützt. Ohne systemd erledigt ein wöchentlicher Cron-Job mit „fstrim --all“ dasselbe.</translation>
    </message>
    <message>
        <source>%1 with %2</source>
        <translation>%1 mit %2</translation>
    </message>
    <message>
        <source> and </source>
        <translation> und </translation>
    </message>
    <message>
        <source>Only a background probe without a write slow-down (after a firmware update, say) would make online discard worth considering; the TRIM times alone cannot show its cost.</source>
        <translation>Nur eine Hintergrundmessung ohne Verlangsamung des Schreibens (etwa nach einem Firmware-Update) würde Online-Discard erwägenswert machen; die TRIM-Zeiten allein können seine Kosten nicht zeigen.</translation>
    </message>
    <message>
        <source>With %1, online discard would be acceptable if one %2 TRIM took under %3 (measured: %4), keeping the delete under %5.</source>
        <translation>Mit %1 wäre Online-Discard akzeptabel, wenn ein TRIM von %2 weniger als %3 dauerte (gemessen: %4), sodass das Löschen unter %5 bliebe.</translation>
    </message>
    <message>
        <source>With %1, online discard stops being fine if one %2 TRIM took over %3 (measured: %4), making the delete cost over %5.</source>
        <translation>Mit %1 wäre Online-Discard nicht mehr in Ordnung, wenn ein TRIM von %2 mehr als %3 dauerte (gemessen: %4), sodass das Löschen über %5 kostete.</translation>
    </message>
    <message>
        <source>A background probe (trimscope-cli background-probe) that finds the drive trimming in the background would make it &apos;prefer fstrim&apos;.</source>
        <translation>Eine Hintergrundmessung (trimscope-cli background-probe), die zeigt, dass das Laufwerk im Hintergrund trimmt, würde daraus „fstrim bevorzugen“ machen.</translation>
    </message>
    <message>
        <source>Measured discard sizes from the filesystem experiment replace the literature figures (from kernel 3.1; newer kernels may batch XFS discards into fewer, larger ones).</source>
        <translation>Gemessene Discard-Größen aus dem Dateisystem-Experiment ersetzen die Literaturwerte (von Kernel 3.1; neuere Kernel fassen XFS-Discards womöglich zu weniger, größeren zusammen).</translation>
    </message>
    <message>
        <source>the curve has fewer than 3 sizes</source>
        <translation>die Kurve hat weniger als 3 Größen</translation>
    </message>
    <message>
        <source>a sweep stopped early (%1)</source>
        <translation>eine Messreihe wurde vorzeitig beendet (%1)</translation>
    </message>
    <message>
        <source>%1&apos;s discard size lies outside the measured sizes</source>
        <translation>die Discard-Größe von %1 liegt außerhalb der gemessenen Größen</translation>
    </message>
    <message>
        <source>%1&apos;s discard sizes come from the literature, not from this system</source>
        <translation>die Discard-Größen von %1 stammen aus der Literatur, nicht von diesem System</translation>
    </message>
    <message>
        <source>%1&apos;s prediction is within a factor of 2 of the threshold</source>
        <translation>die Vorhersage für %1 liegt innerhalb eines Faktors 2 um die Schwelle</translation>
    </message>
    <message>
        <source>some medians are known only to within ±25 % or worse</source>
        <translation>manche Mediane sind nur auf ±25 % oder schlechter bekannt</translation>
    </message>
    <message>
        <source>no background probe ran: a drive that trims in the background has a curve just like a fast one</source>
        <translation>es lief keine Hintergrundmessung: ein Laufwerk, das im Hintergrund trimmt, hat genau die Kurve eines schnellen</translation>
    </message>
    <message>
        <source>%1 does not support TRIM: neither discard nor fstrim can do anything for it; keep it below 80 % full so its own garbage collection has room.</source>
        <translation>%1 unterstützt kein TRIM: weder discard noch fstrim können etwas dafür tun; halten Sie es unter 80 % Belegung, damit seine eigene Speicherbereinigung Platz hat.</translation>
    </message>
    <message>
        <source>A firmware update or a different controller (AHCI instead of IDE mode, another USB bridge) that exposes TRIM; then run a sweep.</source>
        <translation>Ein Firmware-Update oder ein anderer Controller (AHCI statt IDE-Modus, eine andere USB-Brücke), der TRIM durchreicht; danach eine Messreihe ausführen.</translation>
    </message>
    <message>
        <source>TRIM does not reach %1 through this system&apos;s storage stack (%2): fix that first, or neither discard nor fstrim will reach the drive.</source>
        <translation>TRIM erreicht %1 nicht durch den Speicherstapel dieses Systems (%2): beheben Sie das zuerst, sonst erreichen weder discard noch fstrim das Laufwerk.</translation>
    </message>
    <message>
        <source>Once discards pass, the measured curve says: %1.</source>
        <translation>Sobald Discards durchkommen, sagt die gemessene Kurve: %1.</translation>
    </message>
    <message>
        <source>; a weekly fstrim takes about %1, at a time you choose</source>
        <translation>; ein wöchentliches fstrim dauert etwa %1, zu einer Zeit Ihrer Wahl</translation>
    </message>
    <message>
        <source>On %1 online discard is fine: it would add about %2 to deleting a kernel-sized tree%3.</source>
        <translation>Auf %1 ist Online-Discard in Ordnung: Das Löschen eines Baums in Kernelgröße dauerte damit etwa %2 länger%3.</translation>
    </message>
    <message>
        <source>Leave discard off on %1 and run fstrim weekly: the drive trims in the background, so its quick TRIM times understate the cost; after a %2 TRIM writes were %3x slower for %4.</source>
        <translation>Lassen Sie discard auf %1 aus und führen Sie fstrim wöchentlich aus: Das Laufwerk trimmt im Hintergrund, seine kurzen TRIM-Zeiten verschleiern also die Kosten; nach einem TRIM von %2 waren Schreibvorgänge %4 lang %3-mal langsamer.</translation>
    </message>
    <message>
        <source>Leave discard off on %1 and run fstrim weekly: deleting a kernel-sized tree with online discard would cost about %2 extra with %3 (fine is under %4)%5.</source>
        <translation>Lassen Sie discard auf %1 aus und führen Sie fstrim wöchentlich aus: Das Löschen eines Baums in Kernelgröße mit Online-Discard kostete mit %3 etwa %2 zusätzlich (in Ordnung ist unter %4)%5.</translation>
    </message>
    <message>
        <source>Not enough data for a verdict: run a sweep (trimscope-cli sweep … --json FILE) and pass it with --from FILE.</source>
        <translation>Nicht genug Daten für ein Urteil: Führen Sie eine Messreihe aus (trimscope-cli sweep … --json DATEI) und übergeben Sie sie mit --from DATEI.</translation>
    </message>
    <message>
        <source>The drive trims in the background</source>
        <translation>Das Laufwerk trimmt im Hintergrund</translation>
    </message>
    <message>
        <source>The drive has no TRIM</source>
        <translation>Das Laufwerk hat kein TRIM</translation>
    </message>
    <message>
        <source>Online discard is fine</source>
        <translation>Online-Discard ist in Ordnung</translation>
    </message>
    <message>
        <source>Prefer a periodic fstrim</source>
        <translation>Regelmäßiges fstrim bevorzugen</translation>
    </message>
    <message>
        <source>Fix the storage stack first</source>
        <translation>Zuerst den Speicherstapel reparieren</translation>
    </message>
    <message>
        <source>Not enough data</source>
        <translation>Nicht genug Daten</translation>
    </message>
    <message>
        <source>literature: ext4 discards average 21 MiB (trim_perf.c article)</source>
        <translation>Literatur: ext4-Discards sind im Mittel 21 MiB groß (Artikel zu trim_perf.c)</translation>
    </message>
    <message>
        <source>literature: XFS discards average 13.2 KiB, 1,641x as many as ext4 (trim_perf.c article)</source>
        <translation>Literatur: XFS-Discards sind im Mittel 13,2 KiB groß, 1641-mal so viele wie bei ext4 (Artikel zu trim_perf.c)</translation>
    </message>
</context>
<context>
    <name>TrimAudit</name>
    <message>
        <source>Info</source>
        <translation>Info</translation>
    </message>
    <message>
        <source>Advice</source>
        <translation>Rat</translation>
    </message>
    <message>
        <source>Warning</source>
        <translation>Warnung</translation>
    </message>
    <message>
        <source>Problem</source>
        <translation>Problem</translation>
    </message>
    <message>
        <source>discards blocked</source>
        <translation>Discards blockiert</translation>
    </message>
    <message>
        <source>fstrim.timer is masked</source>
        <translation>fstrim.timer ist maskiert</translation>
    </message>
    <message>
        <source>No periodic TRIM is scheduled</source>
        <translation>Kein regelmäßiges TRIM geplant</translation>
    </message>
    <message>
        <source>Neither fstrim.timer nor a cron job trims %1, and none of them is mounted with discard: freed space is never reported to the SSD.</source>
        <translation>Weder fstrim.timer noch ein Cron-Job trimmt %1, und keines davon ist mit discard eingehängt: freigegebener Speicher wird der SSD nie gemeldet.</translation>
    </message>
    <message>
        <source>fstrim.timer is enabled but systemd is not running</source>
        <translation>fstrim.timer ist aktiviert, aber systemd läuft nicht</translation>
    </message>
    <message>
        <source>PID 1 is %1, so systemd timers never fire here.</source>
        <translation>PID 1 ist %1, daher lösen systemd-Timer hier nie aus.</translation>
    </message>
    <message>
        <source>fstrim.timer has never run</source>
        <translation>fstrim.timer ist noch nie gelaufen</translation>
    </message>
    <message>
        <source>It is enabled, but systemd has no record of a run; normal right after installation, not later.</source>
        <translation>Er ist aktiviert, aber systemd hat keinen Lauf verzeichnet; direkt nach der Installation normal, später nicht.</translation>
    </message>
    <message>
        <source>fstrim.timer last ran %1 days ago</source>
        <translation>fstrim.timer lief zuletzt vor %1 Tagen</translation>
    </message>
    <message>
        <source>It should run weekly; check why it did not.</source>
        <translation>Er sollte wöchentlich laufen; prüfen Sie, warum er das nicht tat.</translation>
    </message>
    <message>
        <source>fstrim.timer is enabled; last run %1</source>
        <translation>fstrim.timer ist aktiviert; letzter Lauf %1</translation>
    </message>
    <message>
        <source>Mounted filesystems on SSDs are trimmed weekly.</source>
        <translation>Eingehängte Dateisysteme auf SSDs werden wöchentlich getrimmt.</translation>
    </message>
    <message>
        <source>fstrim runs from cron (%1)</source>
        <translation>fstrim läuft per Cron (%1)</translation>
    </message>
    <message>
        <source>fstrim.timer is enabled too; one of the two suffices.</source>
        <translation>fstrim.timer ist ebenfalls aktiviert; eines von beiden genügt.</translation>
    </message>
    <message>
        <source>Periodic TRIM is scheduled by cron.</source>
        <translation>Regelmäßiges TRIM ist per Cron geplant.</translation>
    </message>
    <message>
        <source>In /etc/fstab:
  %1</source>
        <translation>In /etc/fstab:
  %1</translation>
    </message>
    <message>
        <source>%1 is mounted with online discard</source>
        <translation>%1 ist mit Online-Discard eingehängt</translation>
    </message>
    <message>
        <source>Every delete sends TRIM at once; on many SSDs deleting many files becomes dozens of times slower. A weekly fstrim frees the same space in one batch.</source>
        <translation>Jedes Löschen sendet sofort TRIM; auf vielen SSDs wird das Löschen vieler Dateien dadurch dutzendfach langsamer. Ein wöchentliches fstrim gibt denselben Speicher in einem Durchgang frei.</translation>
    </message>
    <message>
        <source>%1 updates access times on every read</source>
        <translation>%1 aktualisiert bei jedem Lesen die Zugriffszeiten</translation>
    </message>
    <message>
        <source>strictatime turns reads into writes; noatime (or the default relatime) avoids most of them.</source>
        <translation>strictatime macht aus Lesevorgängen Schreibvorgänge; noatime (oder die Voreinstellung relatime) vermeidet die meisten davon.</translation>
    </message>
    <message>
        <source>fstrim.timer skips %1 (X-fstrim.notrim)</source>
        <translation>fstrim.timer überspringt %1 (X-fstrim.notrim)</translation>
    </message>
    <message>
        <source>It is trimmed by its discard mount option instead.</source>
        <translation>Es wird stattdessen durch seine Einhängeoption discard getrimmt.</translation>
    </message>
    <message>
        <source>Nothing else trims it: freed space is never reported to the SSD.</source>
        <translation>Nichts anderes trimmt es: freigegebener Speicher wird der SSD nie gemeldet.</translation>
    </message>
    <message>
        <source>%1 is %2 % full</source>
        <translation>%1 ist zu %2 % belegt</translation>
    </message>
    <message>
        <source>Above 80 % the SSD has little free, trimmed space left for garbage collection, and sustained writes slow down.</source>
        <translation>Über 80 % bleibt der SSD wenig freier, getrimmter Platz für die Speicherbereinigung, und anhaltende Schreibvorgänge werden langsamer.</translation>
    </message>
    <message>
        <source>Swap on SSD: %1</source>
        <translation>Swap auf SSD: %1</translation>
    </message>
    <message>
        <source>Fine for occasional swapping; constant swapping wears the flash, and more RAM helps more than a faster disk.</source>
        <translation>Für gelegentliches Auslagern in Ordnung; ständiges Auslagern verschleißt den Flash-Speicher, und mehr RAM hilft mehr als ein schnelleres Laufwerk.</translation>
    </message>
    <message>
        <source>Swap %1 does not discard freed pages</source>
        <translation>Swap %1 verwirft freigegebene Seiten nicht</translation>
    </message>
    <message>
        <source>With discard, swapon trims the area once and the kernel trims freed swap clusters, keeping the SSD&apos;s free pool large.</source>
        <translation>Mit discard trimmt swapon den Bereich einmal, und der Kernel trimmt freigegebene Swap-Cluster; so bleibt der freie Vorrat der SSD groß.</translation>
    </message>
    <message>
        <source>Back up, shrink the filesystem by %1, unmount, then move the start:
  echo &apos;%2,&apos; | sudo sfdisk --move-data /dev/%3 -N %4</source>
        <translation>Sichern, das Dateisystem um %1 verkleinern, aushängen, dann den Anfang verschieben:
  echo &apos;%2,&apos; | sudo sfdisk --move-data /dev/%3 -N %4</translation>
    </message>
    <message>
        <source>%1 does not start on a 1 MiB boundary</source>
        <translation>%1 beginnt nicht an einer 1-MiB-Grenze</translation>
    </message>
    <message>
        <source>It starts at sector %1: 4 KiB aligned, so writes are fine, but not aligned to erase blocks as partitioning tools do since 2010.</source>
        <translation>Sie beginnt bei Sektor %1: an 4 KiB ausgerichtet, Schreibvorgänge sind also in Ordnung, aber nicht an Löschblöcken ausgerichtet, wie es Partitionierungswerkzeuge seit 2010 tun.</translation>
    </message>
    <message>
        <source>It starts at sector %1, not even a multiple of 4 KiB, so most writes touch two flash pages.</source>
        <translation>Sie beginnt bei Sektor %1, nicht einmal ein Vielfaches von 4 KiB, daher berühren die meisten Schreibvorgänge zwei Flash-Seiten.</translation>
    </message>
    <message>
        <source>%1 is not aligned to the discard granularity (%2)</source>
        <translation>%1 ist nicht an der Discard-Granularität (%2) ausgerichtet</translation>
    </message>
    <message>
        <source>The drive trims in units of %1; with this start every filesystem block straddles two units, so many discards cannot free a whole unit.</source>
        <translation>Das Laufwerk trimmt in Einheiten von %1; bei diesem Anfang überspannt jeder Dateisystemblock zwei Einheiten, daher können viele Discards keine ganze Einheit freigeben.</translation>
    </message>
    <message>
        <source>In /etc/crypttab:
  %1
then: sudo update-initramfs -u
(LUKS2, effective at once: %2)</source>
        <translation>In /etc/crypttab:
  %1
dann: sudo update-initramfs -u
(LUKS2, sofort wirksam: %2)</translation>
    </message>
    <message>
        <source>%1
(or add &quot;discard&quot; to the options of %2 in /etc/crypttab)</source>
        <translation>%1
(oder „discard“ zu den Optionen von %2 in /etc/crypttab hinzufügen)</translation>
    </message>
    <message>
        <source>echo &apos;options raid456 devices_handle_discard_safely=Y&apos; | sudo tee /etc/modprobe.d/raid456-discard.conf &amp;&amp; sudo update-initramfs -u</source>
        <translation>echo &apos;options raid456 devices_handle_discard_safely=Y&apos; | sudo tee /etc/modprobe.d/raid456-discard.conf &amp;&amp; sudo update-initramfs -u</translation>
    </message>
    <message>
        <source>For a thin volume: sudo lvchange --discards passdown VG/THINPOOL</source>
        <translation>Für ein Thin-Volume: sudo lvchange --discards passdown VG/THINPOOL</translation>
    </message>
    <message>
        <source>Move %1 to a filesystem that supports hole punching (ext4, xfs, btrfs)</source>
        <translation>%1 auf ein Dateisystem verschieben, das Löcher stanzen kann (ext4, xfs, btrfs)</translation>
    </message>
    <message>
        <source>sudo dmsetup table %1   # check the target&apos;s discard options</source>
        <translation>sudo dmsetup table %1   # die Discard-Optionen des Targets prüfen</translation>
    </message>
    <message>
        <source>dm-crypt device %1 does not pass discards</source>
        <translation>dm-crypt-Gerät %1 reicht keine Discards durch</translation>
    </message>
    <message>
        <source>%1 was opened without allow_discards, so no TRIM from %2 ever reaches the SSD, which slowly loses write speed. Allowing discards reveals which blocks are free, which most threat models accept.</source>
        <translation>%1 wurde ohne allow_discards geöffnet, daher erreicht kein TRIM von %2 je die SSD, die langsam an Schreibgeschwindigkeit verliert. Discards zuzulassen verrät, welche Blöcke frei sind, was die meisten Bedrohungsmodelle hinnehmen.</translation>
    </message>
    <message>
        <source>%1 (%2) does not pass discards</source>
        <translation>%1 (%2) reicht keine Discards durch</translation>
    </message>
    <message>
        <source>The devices below %1 accept discards but %1 itself does not, so TRIM from %2 stops here.</source>
        <translation>Die Geräte unter %1 nehmen Discards an, %1 selbst aber nicht, daher endet TRIM von %2 hier.</translation>
    </message>
    <message>
        <source>%1 does not accept discards</source>
        <translation>%1 nimmt keine Discards an</translation>
    </message>
    <message>
        <source>The SSD sits behind a USB bridge that does not advertise UNMAP; many bridges support it when told to.</source>
        <translation>Die SSD hängt an einer USB-Brücke, die UNMAP nicht anbietet; viele Brücken unterstützen es, wenn man es ihnen sagt.</translation>
    </message>
    <message>
        <source>The drive or its controller does not accept TRIM, so nothing above it can trim.</source>
        <translation>Das Laufwerk oder sein Controller nimmt kein TRIM an, daher kann nichts darüber trimmen.</translation>
    </message>
    <message>
        <source>echo unmap | sudo tee /sys/block/%1/device/scsi_disk/*/provisioning_mode   # test, then make it a udev rule</source>
        <translation>echo unmap | sudo tee /sys/block/%1/device/scsi_disk/*/provisioning_mode   # testen, dann eine udev-Regel daraus machen</translation>
    </message>
    <message>
        <source>%1 reports itself rotational but accepts discards</source>
        <translation>%1 meldet sich als rotierend, nimmt aber Discards an</translation>
    </message>
    <message>
        <source>Typical of virtual and thin-provisioned disks (and SMR drives): TRIM hands freed space back to the storage below, so it is audited like an SSD.</source>
        <translation>Typisch für virtuelle und Thin-Provisioning-Laufwerke (und SMR-Festplatten): TRIM gibt freigegebenen Speicher an den Speicher darunter zurück, daher wird es wie eine SSD geprüft.</translation>
    </message>
    <message>
        <source>%1 is attached in IDE compatibility mode (%2)</source>
        <translation>%1 ist im IDE-Kompatibilitätsmodus angeschlossen (%2)</translation>
    </message>
    <message>
        <source>The SATA controller runs in legacy IDE mode instead of AHCI: no NCQ, lower speed, and queued TRIM is unavailable; some controllers pass no TRIM at all in this mode.</source>
        <translation>Der SATA-Controller läuft im alten IDE-Modus statt AHCI: kein NCQ, geringere Geschwindigkeit, und TRIM in der Warteschlange ist nicht verfügbar; manche Controller reichen in diesem Modus gar kein TRIM durch.</translation>
    </message>
    <message>
        <source>echo ahci | sudo tee -a /etc/initramfs-tools/modules &amp;&amp; sudo update-initramfs -u, then set SATA mode to AHCI in the firmware setup</source>
        <translation>echo ahci | sudo tee -a /etc/initramfs-tools/modules &amp;&amp; sudo update-initramfs -u, dann in der Firmware-Einrichtung den SATA-Modus auf AHCI stellen</translation>
    </message>
    <message>
        <source>LVM does not discard space freed by lvremove/lvreduce</source>
        <translation>LVM verwirft durch lvremove/lvreduce freigegebenen Speicher nicht</translation>
    </message>
    <message>
        <source>issue_discards only concerns space LVM itself gives up; TRIM from the filesystems passes through LVM regardless.</source>
        <translation>issue_discards betrifft nur Speicher, den LVM selbst aufgibt; TRIM von den Dateisystemen geht ohnehin durch LVM hindurch.</translation>
    </message>
    <message>
        <source>In /etc/lvm/lvm.conf, section devices:
  issue_discards = 1</source>
        <translation>In /etc/lvm/lvm.conf, Abschnitt devices:
  issue_discards = 1</translation>
    </message>
    <message>
        <source>not a TrimScope audit snapshot</source>
        <translation>kein TrimScope-Prüfschnappschuss</translation>
    </message>
    <message>
        <source>audit snapshot version %1 is not supported</source>
        <translation>Prüfschnappschuss-Version %1 wird nicht unterstützt</translation>
    </message>
    <message>
        <source>audit snapshot entry %1 is not text</source>
        <translation>Eintrag %1 des Prüfschnappschusses ist kein Text</translation>
    </message>
    <message>
        <source>invalid JSON: %1</source>
        <translation>ungültiges JSON: %1</translation>
    </message>
</context>
</TS>
