<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de">
<context>
    <name>AdviceInput</name>
    <message>
        <source>this background probe did not complete</source>
        <translation>diese Hintergrund-Messung ist nicht vollständig</translation>
    </message>
    <message>
        <source>this stall test did not complete</source>
        <translation>dieser Stall-Test wurde nicht abgeschlossen</translation>
    </message>
    <message>
        <source>watch</source>
        <translation>Beobachtung</translation>
    </message>
    <message>
        <source>this timed fstrim trimmed no piece</source>
        <translation>dieses zeitgemessene fstrim hat kein Stück getrimmt</translation>
    </message>
    <message>
        <source>timed fstrim</source>
        <translation>zeitgemessenes fstrim</translation>
    </message>
    <message>
        <source>advice reads sweeps, filesystem results, background-probe and stall results, audits, health reports, watches and timed fstrims; this is a %1 result</source>
        <translation>der Rat liest Durchläufe, Dateisystem-Ergebnisse, Hintergrund-Messungen und Stall-Tests, Prüfungen, Zustandsberichte, Beobachtungen und zeitgemessene fstrims; dies ist ein %1-Ergebnis</translation>
    </message>
    <message>
        <source>this sweep ran on %1, not %2: advice is for one drive at a time</source>
        <translation>dieser Durchlauf lief auf %1, nicht auf %2: ein Rat gilt immer nur für ein Laufwerk</translation>
    </message>
    <message>
        <source>this sweep ran on %1, but the stall test on %2: advice is for one drive at a time</source>
        <translation>dieser Durchlauf lief auf %1, der Stall-Test aber auf %2: ein Rat gilt immer nur für ein Laufwerk</translation>
    </message>
    <message>
        <source>these filesystem results hold no delete with discard</source>
        <translation>diese Dateisystem-Ergebnisse enthalten kein Löschen mit discard</translation>
    </message>
    <message>
        <source>this stall test ran on %1, not %2: advice is for one drive at a time</source>
        <translation>dieser Stall-Test lief auf %1, nicht auf %2: ein Rat gilt immer nur für ein Laufwerk</translation>
    </message>
    <message>
        <source>this diagnosis ran on %1, not %2: advice is for one drive at a time</source>
        <translation>diese Diagnose lief auf %1, nicht auf %2: ein Rat gilt jeweils für ein Laufwerk</translation>
    </message>
    <message>
        <source>this %1 ran on %2, not %3 or a drive of its model: advice is for one drive at a time</source>
        <translation>dieses Ergebnis (%1) lief auf %2, nicht auf %3 oder einem Laufwerk desselben Modells: ein Rat gilt immer nur für ein Laufwerk</translation>
    </message>
</context>
<context>
    <name>AlertDelivery</name>
    <message>
        <source>no session bus: the desktop notification for &quot;%1&quot; was not shown</source>
        <translation>kein Sitzungsbus: die Desktop-Benachrichtigung „%1“ wurde nicht angezeigt</translation>
    </message>
    <message>
        <source>Open TrimScope</source>
        <translation>TrimScope öffnen</translation>
    </message>
    <message>
        <source>the desktop&apos;s notification service did not take &quot;%1&quot;: %2</source>
        <translation>der Benachrichtigungsdienst des Desktops hat „%1“ nicht angenommen: %2</translation>
    </message>
    <message>
        <source>the alert command %1 did not start: %2</source>
        <translation>der Alarmbefehl %1 ist nicht gestartet: %2</translation>
    </message>
    <message>
        <source>the alert command %1 did not finish within 30 s</source>
        <translation>der Alarmbefehl %1 ist nicht innerhalb von 30 s fertig geworden</translation>
    </message>
    <message>
        <source>the alert command %1 failed (exit status %2)</source>
        <translation>der Alarmbefehl %1 ist fehlgeschlagen (Exit-Status %2)</translation>
    </message>
</context>
<context>
    <name>AlertWords</name>
    <message>
        <source>%1: SMART says the drive is failing</source>
        <translation>%1: laut SMART fällt das Laufwerk aus</translation>
    </message>
    <message>
        <source>Copy what you need from it now and plan its replacement.</source>
        <translation>Kopieren Sie jetzt, was Sie davon brauchen, und planen Sie den Ersatz.</translation>
    </message>
    <message>
        <source>%1: the drive raised a critical warning</source>
        <translation>%1: das Laufwerk meldet eine kritische Warnung</translation>
    </message>
    <message>
        <source>NVMe critical-warning bits %1 are set (spare, temperature, reliability or read-only). Back up the drive and look at its health in TrimScope.</source>
        <translation>Die NVMe-Warnbits %1 sind gesetzt (Reserve, Temperatur, Zuverlässigkeit oder nur lesbar). Sichern Sie das Laufwerk und sehen Sie sich seinen Zustand in TrimScope an.</translation>
    </message>
    <message>
        <source>%1: %2 of its rated endurance used</source>
        <translation>%1: %2 der vorgesehenen Lebensdauer verbraucht</translation>
    </message>
    <message>
        <source>The drive passed %1 of the writes it is rated for. It usually keeps working past 100 %, but plan its replacement.</source>
        <translation>Das Laufwerk hat %1 der Schreibmenge überschritten, für die es ausgelegt ist. Meist arbeitet es über 100 % hinaus weiter, aber planen Sie den Ersatz.</translation>
    </message>
    <message>
        <source>%1: spare blocks running out</source>
        <translation>%1: die Reserveblöcke gehen aus</translation>
    </message>
    <message>
        <source>Available spare is %1, under its threshold. Back up the drive.</source>
        <translation>Die verfügbare Reserve ist %1, unter ihrem Schwellwert. Sichern Sie das Laufwerk.</translation>
    </message>
    <message>
        <source>%1: new media errors</source>
        <translation>%1: neue Medienfehler</translation>
    </message>
    <message>
        <source>The drive now counts %1 media errors, more than the day before. Back up the drive.</source>
        <translation>Das Laufwerk zählt jetzt %1 Medienfehler, mehr als am Vortag. Sichern Sie das Laufwerk.</translation>
    </message>
    <message>
        <source>%1: more reallocated or pending sectors</source>
        <translation>%1: mehr umgelagerte oder schwebende Sektoren</translation>
    </message>
    <message>
        <source>The drive now counts %1 reallocated and pending sectors, more than the day before. Back up the drive.</source>
        <translation>Das Laufwerk zählt jetzt %1 umgelagerte und schwebende Sektoren, mehr als am Vortag. Sichern Sie das Laufwerk.</translation>
    </message>
    <message>
        <source>%1: running hot</source>
        <translation>%1: läuft heiß</translation>
    </message>
    <message>
        <source>It reached %1 °C today, over its warning level. Check the airflow around it.</source>
        <translation>Es erreichte heute %1 °C, über seiner Warnschwelle. Prüfen Sie die Luftzufuhr.</translation>
    </message>
    <message>
        <source>%1: TRIM no longer reaches it from %2</source>
        <translation>%1: TRIM erreicht es von %2 aus nicht mehr</translation>
    </message>
    <message>
        <source>Discards from %1 reached the drive before and do not any more (a new dm-crypt mapping without discards, an fstab change?). Run the TRIM audit in TrimScope.</source>
        <translation>Discards von %1 erreichten das Laufwerk bisher und jetzt nicht mehr (eine neue dm-crypt-Zuordnung ohne Discards, eine Änderung in fstab?). Führen Sie die TRIM-Prüfung in TrimScope aus.</translation>
    </message>
    <message>
        <source>%1: nothing trims it</source>
        <translation>%1: nichts trimmt es</translation>
    </message>
    <message>
        <source>No filesystem on it discards online and fstrim.timer is not enabled. `systemctl enable --now fstrim.timer`, or apply TrimScope&apos;s advice.</source>
        <translation>Kein Dateisystem darauf verwirft online, und fstrim.timer ist nicht aktiviert. `systemctl enable --now fstrim.timer`, oder wenden Sie den Rat von TrimScope an.</translation>
    </message>
    <message>
        <source>%1: the last fstrim failed</source>
        <translation>%1: das letzte fstrim ist fehlgeschlagen</translation>
    </message>
    <message>
        <source>fstrim.service&apos;s run at %1 failed; `journalctl -u fstrim` says why.</source>
        <translation>Der Lauf von fstrim.service um %1 ist fehlgeschlagen; `journalctl -u fstrim` sagt, warum.</translation>
    </message>
    <message>
        <source>%1: not trimmed for a long time</source>
        <translation>%1: lange nicht getrimmt</translation>
    </message>
    <message>
        <source>fstrim last ran %1 days ago; the drive has no online discard.</source>
        <translation>fstrim lief zuletzt vor %1 Tagen; das Laufwerk hat kein Online-Discard.</translation>
    </message>
    <message>
        <source>fstrim has never run; the drive has no online discard.</source>
        <translation>fstrim ist nie gelaufen; das Laufwerk hat kein Online-Discard.</translation>
    </message>
</context>
<context>
    <name>ApplyText</name>
    <message>
        <source>it is a comment</source>
        <translation>sie ist ein Kommentar</translation>
    </message>
    <message>
        <source>it has fewer than six fields: udisks2 changes only lines that end in the dump and pass numbers</source>
        <translation>sie hat weniger als sechs Felder: udisks2 ändert nur Zeilen, die mit den Zahlen für dump und pass enden</translation>
    </message>
    <message>
        <source>a field is longer than the 511 bytes udisks2 reads</source>
        <translation>ein Feld ist länger als die 511 Bytes, die udisks2 liest</translation>
    </message>
    <message>
        <source>its dump and pass fields are not numbers</source>
        <translation>ihre Felder dump und pass sind keine Zahlen</translation>
    </message>
    <message>
        <source>it names no device</source>
        <translation>sie nennt kein Gerät</translation>
    </message>
    <message>
        <source>it has more than the four fields udisks2 reads</source>
        <translation>sie hat mehr als die vier Felder, die udisks2 liest</translation>
    </message>
    <message>
        <source>a change without its fix</source>
        <translation>eine Änderung ohne ihre Korrektur</translation>
    </message>
    <message>
        <source>/etc/fstab, the line for %1 (through udisks2):</source>
        <translation>/etc/fstab, die Zeile für %1 (über udisks2):</translation>
    </message>
    <message>
        <source>  now:   %1</source>
        <translation>  jetzt:   %1</translation>
    </message>
    <message>
        <source>  after: %1</source>
        <translation>  danach:  %1</translation>
    </message>
    <message>
        <source>/etc/crypttab, the line for %1 (through udisks2):</source>
        <translation>/etc/crypttab, die Zeile für %1 (über udisks2):</translation>
    </message>
    <message>
        <source>Stop, disable and mask %1 (systemd)</source>
        <translation>%1 anhalten, deaktivieren und maskieren (systemd)</translation>
    </message>
    <message>
        <source>Stop and disable %1 (systemd)</source>
        <translation>%1 anhalten und deaktivieren (systemd)</translation>
    </message>
    <message>
        <source>Unmask, enable and start %1 (systemd)</source>
        <translation>%1 demaskieren, aktivieren und starten (systemd)</translation>
    </message>
    <message>
        <source>Enable and start %1 (systemd)</source>
        <translation>%1 aktivieren und starten (systemd)</translation>
    </message>
    <message>
        <source>Remount %1 with discard now (mount -o remount,discard)</source>
        <translation>%1 jetzt mit discard neu einhängen (mount -o remount,discard)</translation>
    </message>
    <message>
        <source>Remount %1 without discard now (mount -o remount,nodiscard)</source>
        <translation>%1 jetzt ohne discard neu einhängen (mount -o remount,nodiscard)</translation>
    </message>
    <message>
        <source>No line in /etc/fstab mounts %1: whatever mounts it at boot (a systemd mount unit, the initramfs) must change, and a remount alone lasts until the next boot only.</source>
        <translation>Keine Zeile in /etc/fstab hängt %1 ein: Was es beim Start einhängt (eine systemd-Mount-Unit, die Initramfs), muss sich ändern, und ein erneutes Einhängen allein hält nur bis zum nächsten Start.</translation>
    </message>
    <message>
        <source>udisks2 cannot change the line for %1 in /etc/fstab (%2): «%3». Change it by hand.</source>
        <translation>udisks2 kann die Zeile für %1 in /etc/fstab nicht ändern (%2): «%3». Ändern Sie sie von Hand.</translation>
    </message>
    <message>
        <source>%1 is not a mounted filesystem on a solid-state drive of this computer now.</source>
        <translation>%1 ist jetzt kein eingehängtes Dateisystem auf einem SSD-Laufwerk dieses Computers.</translation>
    </message>
    <message>
        <source>Discards from %1 stop at %2, whatever its mount options say: that layer is what to fix.</source>
        <translation>Discards von %1 enden bei %2, was auch immer seine Einhängeoptionen sagen: Diese Schicht ist zu korrigieren.</translation>
    </message>
    <message>
        <source>%1 (%2) takes the changed option when it is next mounted (the next boot): a remount keeps the option it was mounted with.</source>
        <translation>%1 (%2) übernimmt die geänderte Option beim nächsten Einhängen (beim nächsten Start): Ein erneutes Einhängen behält die Option, mit der es eingehängt wurde.</translation>
    </message>
    <message>
        <source>%1 keeps its current options until it is mounted again (the next boot): the TrimScope helper, which remounts it now, is not available.</source>
        <translation>%1 behält seine jetzigen Optionen, bis es wieder eingehängt wird (beim nächsten Start): Der TrimScope-Helfer, der es sofort neu einhängt, ist nicht verfügbar.</translation>
    </message>
    <message>
        <source>%1 is not mounted or active on a solid-state drive of this computer now.</source>
        <translation>%1 ist jetzt nicht auf einem SSD-Laufwerk dieses Computers eingehängt oder aktiv.</translation>
    </message>
    <message>
        <source>Swap %1 takes the option when it is next activated (the next boot).</source>
        <translation>Swap %1 übernimmt die Option bei der nächsten Aktivierung (beim nächsten Start).</translation>
    </message>
    <message>
        <source>systemd is not running here (it is not process 1), so fstrim.timer would never fire. Instead, put this line in /etc/cron.d/fstrim:
  %1</source>
        <translation>systemd läuft hier nicht (es ist nicht Prozess 1), fstrim.timer würde also nie auslösen. Tragen Sie stattdessen diese Zeile in /etc/cron.d/fstrim ein:
  %1</translation>
    </message>
    <message>
        <source>fstrim.timer is enabled already.</source>
        <translation>fstrim.timer ist bereits aktiviert.</translation>
    </message>
    <message>
        <source>%1 is not a dm-crypt mapping under a filesystem of this computer now.</source>
        <translation>%1 ist jetzt keine dm-crypt-Zuordnung unter einem Dateisystem dieses Computers.</translation>
    </message>
    <message>
        <source>No line in /etc/crypttab opens %1 (or it cannot be read): whatever opens it must allow discards.</source>
        <translation>Keine Zeile in /etc/crypttab öffnet %1 (oder die Datei ist nicht lesbar): Was es öffnet, muss Discards erlauben.</translation>
    </message>
    <message>
        <source>udisks2 cannot change the line for %1 in /etc/crypttab (%2): «%3». Change it by hand.</source>
        <translation>udisks2 kann die Zeile für %1 in /etc/crypttab nicht ändern (%2): «%3». Ändern Sie sie von Hand.</translation>
    </message>
    <message>
        <source>The line for %1 in /etc/crypttab names a key file (%2), which udisks2 would delete and write anew when it changes the line. Add &quot;discard&quot; to its options by hand.</source>
        <translation>Die Zeile für %1 in /etc/crypttab nennt eine Schlüsseldatei (%2), die udisks2 beim Ändern der Zeile löschen und neu schreiben würde. Fügen Sie „discard“ von Hand zu ihren Optionen hinzu.</translation>
    </message>
    <message>
        <source>If %1 is opened by the initramfs (the root filesystem&apos;s mapping is), run &apos;update-initramfs -u&apos; afterwards: it keeps its own copy of /etc/crypttab.</source>
        <translation>Wenn %1 von der Initramfs geöffnet wird (die Zuordnung des Wurzeldateisystems wird es), führen Sie danach &apos;update-initramfs -u&apos; aus: Sie hat eine eigene Kopie von /etc/crypttab.</translation>
    </message>
    <message>
        <source>The measured drive&apos;s verdict is that online discard is fine for %1: the audit&apos;s general advice does not apply to %2.</source>
        <translation>Das Urteil für das gemessene Laufwerk lautet, dass Online-Discard für %1 in Ordnung ist: Der allgemeine Rat der Prüfung gilt für %2 nicht.</translation>
    </message>
    <message>
        <source>TrimScope does not carry out this fix itself; run it yourself:
%1</source>
        <translation>TrimScope führt diese Korrektur nicht selbst aus; führen Sie sie selbst aus:
%1</translation>
    </message>
    <message>
        <source>“%1” is how to set up filesystems on the measured drive wherever it is used, not a change to this computer: none of this computer&apos;s filesystems is on that drive or its model.</source>
        <translation>„%1“ beschreibt, wie Dateisysteme auf dem gemessenen Laufwerk einzurichten sind, wo immer es eingesetzt wird, und ist keine Änderung an diesem Computer: Keines seiner Dateisysteme liegt auf diesem Laufwerk oder seinem Modell.</translation>
    </message>
    <message>
        <source>“%1” is not among the fixes the advice offers for this computer now (&apos;trimscope-cli advise&apos; lists them).</source>
        <translation>„%1“ ist keine der Korrekturen, die die Empfehlung jetzt für diesen Computer anbietet (&apos;trimscope-cli advise&apos; listet sie auf).</translation>
    </message>
    <message>
        <source>Nothing to change for “%1”: this computer is set up so already.</source>
        <translation>Für „%1“ ist nichts zu ändern: Dieser Computer ist bereits so eingerichtet.</translation>
    </message>
    <message>
        <source>“%1” is not an absolute, clean path of a mount point</source>
        <translation>„%1“ ist kein absoluter, bereinigter Pfad eines Einhängepunkts</translation>
    </message>
    <message>
        <source>Nothing is mounted on %1 now.</source>
        <translation>Auf %1 ist jetzt nichts eingehängt.</translation>
    </message>
    <message>
        <source>%1 holds %2 now, not %3 as when the change was shown: it is not remounted.</source>
        <translation>Auf %1 liegt jetzt %2, nicht %3 wie beim Anzeigen der Änderung: Es wird nicht neu eingehängt.</translation>
    </message>
    <message>
        <source>%1 is %2, whose discard option TrimScope does not change on a mounted filesystem.</source>
        <translation>%1 ist %2; dessen discard-Option ändert TrimScope nicht an einem eingehängten Dateisystem.</translation>
    </message>
    <message>
        <source>an applied change without its time</source>
        <translation>eine angewandte Änderung ohne ihren Zeitpunkt</translation>
    </message>
    <message>
        <source>it is not TrimScope&apos;s record of applied fixes</source>
        <translation>sie ist nicht TrimScopes Aufzeichnung angewandter Korrekturen</translation>
    </message>
    <message>
        <source>it was written by a newer TrimScope (version %1)</source>
        <translation>sie wurde von einem neueren TrimScope geschrieben (Version %1)</translation>
    </message>
    <message>
        <source>Undo: %1</source>
        <translation>Rückgängig: %1</translation>
    </message>
    <message>
        <source>%1 holds no record of applied fixes: %2</source>
        <translation>%1 enthält keine Aufzeichnung angewandter Korrekturen: %2</translation>
    </message>
    <message>
        <source>cannot create the folder of %1</source>
        <translation>der Ordner von %1 kann nicht angelegt werden</translation>
    </message>
    <message>
        <source>Let /dev/mapper/%1 pass discards now (cryptsetup refresh --allow-discards; asks for its passphrase)</source>
        <translation>/dev/mapper/%1 sofort Discards durchlassen (cryptsetup refresh --allow-discards; fragt nach seiner Passphrase)</translation>
    </message>
    <message>
        <source>Stop /dev/mapper/%1 passing discards now (cryptsetup refresh without --allow-discards; asks for its passphrase)</source>
        <translation>/dev/mapper/%1 sofort keine Discards mehr durchlassen (cryptsetup refresh ohne --allow-discards; fragt nach seiner Passphrase)</translation>
    </message>
    <message>
        <source>“%1” is not the name of a device-mapper device</source>
        <translation>„%1“ ist nicht der Name eines Device-Mapper-Geräts</translation>
    </message>
    <message>
        <source>/dev/mapper/%1 is not an open LUKS device: TrimScope refreshes only those.</source>
        <translation>/dev/mapper/%1 ist kein geöffnetes LUKS-Gerät: TrimScope frischt nur solche auf.</translation>
    </message>
    <message>
        <source>/dev/mapper/%1 is not one dm-crypt target (its table: %2)</source>
        <translation>/dev/mapper/%1 ist kein einzelnes dm-crypt-Ziel (seine Tabelle: %2)</translation>
    </message>
    <message>
        <source>The table of /dev/mapper/%1 cannot be read: %2</source>
        <translation>Die Tabelle von /dev/mapper/%1 ist nicht lesbar: %2</translation>
    </message>
    <message>
        <source>/dev/mapper/%1 was opened with “%2”, which a refresh by TrimScope would not keep.</source>
        <translation>/dev/mapper/%1 wurde mit „%2“ geöffnet, was beim Auffrischen durch TrimScope verloren ginge.</translation>
    </message>
    <message>
        <source>Whether fstrim.timer is enabled could not be seen from here (systemd did not answer): check with `systemctl status fstrim.timer`, and enable it if it is not (`sudo systemctl enable --now fstrim.timer`).</source>
        <translation>Ob fstrim.timer aktiviert ist, war von hier aus nicht zu sehen (systemd hat nicht geantwortet): prüfen Sie es mit `systemctl status fstrim.timer` und aktivieren Sie ihn, falls nicht (`sudo systemctl enable --now fstrim.timer`).</translation>
    </message>
    <message>
        <source>it ends in a comment, “%1”, which udisks2 would drop when it rewrites the line: move the comment to a line of its own above it, then apply again</source>
        <translation>sie endet mit einem Kommentar, „%1“, den udisks2 beim Neuschreiben der Zeile verwerfen würde: Verschieben Sie den Kommentar in eine eigene Zeile darüber und wenden Sie die Änderung dann erneut an</translation>
    </message>
    <message>
        <source>“%1” follows its six fields, which udisks2 would drop when it rewrites the line</source>
        <translation>auf ihre sechs Felder folgt „%1“, was udisks2 beim Neuschreiben der Zeile verwerfen würde</translation>
    </message>
    <message>
        <source>  (recorded before the change: %1; udisks2 writes the same fields in its own form)</source>
        <translation>  (vor der Änderung festgehalten: %1; udisks2 schreibt dieselben Felder in seiner eigenen Form)</translation>
    </message>
    <message>
        <source>udisks2 writes the changed line at the end of the file, its fields separated by single blanks.</source>
        <translation>udisks2 schreibt die geänderte Zeile an das Ende der Datei, ihre Felder durch einzelne Leerzeichen getrennt.</translation>
    </message>
    <message>
        <source>%1 is mounted read-only on a filesystem that is not (or the other way round): a remount could not keep both.</source>
        <translation>%1 ist schreibgeschützt eingehängt, das Dateisystem aber nicht (oder umgekehrt): Ein erneutes Einhängen könnte nicht beides erhalten.</translation>
    </message>
    <message>
        <source>Without online discard nothing would trim %1: systemd is not running here, so fstrim.timer never fires, and no cron job runs fstrim. Put this line in %2 first, then apply again:
  %3</source>
        <translation>Ohne Online-Discard würde nichts %1 trimmen: systemd läuft hier nicht, fstrim.timer löst also nie aus, und kein cron-Auftrag führt fstrim aus. Tragen Sie zuerst diese Zeile in %2 ein und wenden Sie es dann erneut an:
  %3</translation>
    </message>
    <message>
        <source>%1 passes discards from the next time it is opened (the next boot). To let it pass them now, run %2 (it asks for the passphrase).</source>
        <translation>%1 lässt Discards ab dem nächsten Öffnen durch (beim nächsten Start). Damit es sie sofort durchlässt, führen Sie %2 aus (es fragt nach der Passphrase).</translation>
    </message>
    <message>
        <source>%1 is mounted with online discard, and nothing measured says what it costs its drive: on many drives it is cheap. Measure first: &apos;trimscope-cli watch --json watch.json&apos; (the drive&apos;s discards since boot) and &apos;sudo trimscope-cli fstrim-timing %1 --json fstrim.json&apos; (a timed fstrim), then &apos;trimscope-cli apply --list --from watch.json --from fstrim.json&apos;.</source>
        <translation>%1 ist mit Online-Discard eingehängt, und keine Messung sagt, was das sein Laufwerk kostet: auf vielen Laufwerken ist es billig. Messen Sie zuerst: &apos;trimscope-cli watch --json watch.json&apos; (die Discards des Laufwerks seit dem Start) und &apos;sudo trimscope-cli fstrim-timing %1 --json fstrim.json&apos; (ein gemessenes fstrim), dann &apos;trimscope-cli apply --list --from watch.json --from fstrim.json&apos;.</translation>
    </message>
    <message>
        <source>Whether anything trims %1 periodically once online discard is off could not be seen from here (systemd did not answer, and the host&apos;s cron tables are out of sight): check with `systemctl status fstrim.timer` and enable it if it is not (`sudo systemctl enable --now fstrim.timer`); on a computer without systemd, put this line in %2:
  %3</source>
        <translation>Ob %1 regelmäßig getrimmt wird, wenn Online-Discard aus ist, war von hier aus nicht zu sehen (systemd hat nicht geantwortet, und die Cron-Tabellen des Hosts sind nicht einsehbar): prüfen Sie es mit `systemctl status fstrim.timer` und aktivieren Sie ihn, falls nicht (`sudo systemctl enable --now fstrim.timer`); auf einem Computer ohne systemd schreiben Sie diese Zeile in %2:
  %3</translation>
    </message>
</context>
<context>
    <name>AtaAttribute</name>
    <message>
        <source>Read errors the drive had to correct or could not. Raw values are vendor-scaled; watch the normalized value.</source>
        <translation>Lesefehler, die das Laufwerk korrigieren musste oder nicht korrigieren konnte. Rohwerte sind herstellerspezifisch skaliert; achten Sie auf den normierten Wert.</translation>
    </message>
    <message>
        <source>Time the platters take to spin up (hard disks).</source>
        <translation>Zeit, die die Platten zum Hochdrehen brauchen (Festplatten).</translation>
    </message>
    <message>
        <source>How often the drive was started or woken up.</source>
        <translation>Wie oft das Laufwerk gestartet oder aufgeweckt wurde.</translation>
    </message>
    <message>
        <source>Sectors (or flash blocks) found bad and replaced by spares. A growing count means the medium is wearing or failing.</source>
        <translation>Sektoren (oder Flash-Blöcke), die als defekt erkannt und durch Reserve ersetzt wurden. Eine steigende Zahl bedeutet, dass das Medium verschleißt oder ausfällt.</translation>
    </message>
    <message>
        <source>Errors while positioning the heads (hard disks).</source>
        <translation>Fehler beim Positionieren der Köpfe (Festplatten).</translation>
    </message>
    <message>
        <source>Hours the drive has been powered on.</source>
        <translation>Stunden, die das Laufwerk eingeschaltet war.</translation>
    </message>
    <message>
        <source>Spin-up attempts that needed a retry (hard disks).</source>
        <translation>Hochdrehversuche, die wiederholt werden mussten (Festplatten).</translation>
    </message>
    <message>
        <source>How often the drive was powered on.</source>
        <translation>Wie oft das Laufwerk eingeschaltet wurde.</translation>
    </message>
    <message>
        <source>SSDs: reserved (spare) blocks still available, or bad blocks found, depending on the vendor.</source>
        <translation>SSDs: noch verfügbare Reserveblöcke oder gefundene defekte Blöcke, je nach Hersteller.</translation>
    </message>
    <message>
        <source>SSDs: flash program operations that failed.</source>
        <translation>SSDs: fehlgeschlagene Flash-Programmiervorgänge.</translation>
    </message>
    <message>
        <source>SSDs: flash erase operations that failed.</source>
        <translation>SSDs: fehlgeschlagene Flash-Löschvorgänge.</translation>
    </message>
    <message>
        <source>SSDs: wear levelling count (erase cycles, average or maximum per block).</source>
        <translation>SSDs: Wear-Leveling-Zähler (Löschzyklen, Durchschnitt oder Maximum pro Block).</translation>
    </message>
    <message>
        <source>SSDs: power losses without a clean shutdown.</source>
        <translation>SSDs: Stromausfälle ohne sauberes Herunterfahren.</translation>
    </message>
    <message>
        <source>SSDs: program fails, or the power-loss protection capacitor&apos;s health (Intel).</source>
        <translation>SSDs: fehlgeschlagene Programmiervorgänge oder der Zustand des Kondensators für den Stromausfallschutz (Intel).</translation>
    </message>
    <message>
        <source>SSDs (Samsung and others): wear levelling count; the normalized value falls from 100 as the flash wears.</source>
        <translation>SSDs (Samsung und andere): Wear-Leveling-Zähler; der normierte Wert fällt von 100 ab, während der Flash-Speicher verschleißt.</translation>
    </message>
    <message>
        <source>Program fails (SSDs).</source>
        <translation>Fehlgeschlagene Programmiervorgänge (SSDs).</translation>
    </message>
    <message>
        <source>Erase fails (SSDs).</source>
        <translation>Fehlgeschlagene Löschvorgänge (SSDs).</translation>
    </message>
    <message>
        <source>SATA link speed downshifts, or runtime bad blocks, depending on the vendor.</source>
        <translation>Herabstufungen der SATA-Verbindungsgeschwindigkeit oder im Betrieb entdeckte defekte Blöcke, je nach Hersteller.</translation>
    </message>
    <message>
        <source>Data that got corrupted between the host and the medium inside the drive (end-to-end errors).</source>
        <translation>Daten, die zwischen Host und Medium innerhalb des Laufwerks beschädigt wurden (End-to-End-Fehler).</translation>
    </message>
    <message>
        <source>Errors the drive could not correct.</source>
        <translation>Fehler, die das Laufwerk nicht korrigieren konnte.</translation>
    </message>
    <message>
        <source>Commands that timed out.</source>
        <translation>Befehle mit Zeitüberschreitung.</translation>
    </message>
    <message>
        <source>Air flow temperature, often as 100 minus degrees Celsius.</source>
        <translation>Temperatur des Luftstroms, oft als 100 minus Grad Celsius.</translation>
    </message>
    <message>
        <source>Power-off retracts or unsafe shutdowns.</source>
        <translation>Notparkvorgänge beim Ausschalten oder unsichere Abschaltungen.</translation>
    </message>
    <message>
        <source>Load/unload cycles of the heads (hard disks).</source>
        <translation>Lade-/Entladezyklen der Köpfe (Festplatten).</translation>
    </message>
    <message>
        <source>Temperature of the drive.</source>
        <translation>Temperatur des Laufwerks.</translation>
    </message>
    <message>
        <source>Errors corrected by the drive&apos;s error correction (vendor-scaled).</source>
        <translation>Von der Fehlerkorrektur des Laufwerks korrigierte Fehler (herstellerspezifisch skaliert).</translation>
    </message>
    <message>
        <source>How often a sector was remapped to a spare.</source>
        <translation>Wie oft ein Sektor auf die Reserve umgelagert wurde.</translation>
    </message>
    <message>
        <source>Sectors waiting to be remapped because a read failed. Above zero: back up your data.</source>
        <translation>Sektoren, die auf das Umlagern warten, weil ein Lesen fehlschlug. Über null: Sichern Sie Ihre Daten.</translation>
    </message>
    <message>
        <source>Sectors that could not be read during the offline scan.</source>
        <translation>Sektoren, die beim Offline-Scan nicht gelesen werden konnten.</translation>
    </message>
    <message>
        <source>Transfer errors on the cable (CRC). Usually a cable or connector, not the drive.</source>
        <translation>Übertragungsfehler auf dem Kabel (CRC). Meist liegt es an Kabel oder Stecker, nicht am Laufwerk.</translation>
    </message>
    <message>
        <source>Write errors (hard disks).</source>
        <translation>Schreibfehler (Festplatten).</translation>
    </message>
    <message>
        <source>SSDs (Crucial/Micron): percentage of the rated life used.</source>
        <translation>SSDs (Crucial/Micron): verbrauchter Anteil der angegebenen Lebensdauer in Prozent.</translation>
    </message>
    <message>
        <source>SSDs (Intel): host writes in units of 32 MiB.</source>
        <translation>SSDs (Intel): Host-Schreibvorgänge in Einheiten von 32 MiB.</translation>
    </message>
    <message>
        <source>SSDs: remaining life (normalized, from 100) or temperature, depending on the vendor.</source>
        <translation>SSDs: verbleibende Lebensdauer (normiert, ab 100) oder Temperatur, je nach Hersteller.</translation>
    </message>
    <message>
        <source>SSDs: reserved space still available (Intel: available reserved space).</source>
        <translation>SSDs: noch verfügbarer Reservebereich (Intel: Available Reserved Space).</translation>
    </message>
    <message>
        <source>SSDs (Intel): media wearout indicator; the normalized value falls from 100 to 1 as the rated erase cycles are used up.</source>
        <translation>SSDs (Intel): Medienverschleiß-Indikator; der normierte Wert fällt von 100 auf 1, während die angegebenen Löschzyklen verbraucht werden.</translation>
    </message>
    <message>
        <source>SSDs: total bytes read or written, vendor units.</source>
        <translation>SSDs: insgesamt gelesene oder geschriebene Bytes, in Herstellereinheiten.</translation>
    </message>
    <message>
        <source>Total host writes (LBAs, or 32 MiB / GiB units on some SSDs).</source>
        <translation>Insgesamt vom Host geschrieben (LBAs oder, bei manchen SSDs, Einheiten von 32 MiB / GiB).</translation>
    </message>
    <message>
        <source>Total host reads (same units as attribute 241).</source>
        <translation>Insgesamt vom Host gelesen (gleiche Einheiten wie Attribut 241).</translation>
    </message>
    <message>
        <source>SSDs (Crucial/Micron): total host sectors written.</source>
        <translation>SSDs (Crucial/Micron): insgesamt vom Host geschriebene Sektoren.</translation>
    </message>
    <message>
        <source>SSDs (Intel): media wear during the current workload timer (attribute 228), the raw value in 1/1024 % of the rated cycles, or 65535 (no figure yet) until the timer has run 60 minutes. Not the drive&apos;s life used.</source>
        <translation>SSDs (Intel): Medienverschleiß während des aktuellen Workload-Timers (Attribut 228), der Rohwert in 1/1024 % der Nennzyklen, oder 65535 (noch kein Wert), bis der Timer 60 Minuten gelaufen ist. Nicht die verbrauchte Lebensdauer des Laufwerks.</translation>
    </message>
    <message>
        <source>SSDs (Intel): percentage of reads among the I/O of the current workload timer; 65535 until the timer has run 60 minutes.</source>
        <translation>SSDs (Intel): Anteil der Lesezugriffe an den E/A-Vorgängen des aktuellen Workload-Timers; 65535, bis der Timer 60 Minuten gelaufen ist.</translation>
    </message>
</context>
<context>
    <name>AtomicFile</name>
    <message>
        <source>cannot write %1: %2</source>
        <translation>%1 kann nicht geschrieben werden: %2</translation>
    </message>
    <message>
        <source>no file name</source>
        <translation>kein Dateiname</translation>
    </message>
    <message>
        <source>%1 is a symbolic link that another user (uid %2) placed in the world-writable directory %3; it is not followed</source>
        <translation>%1 ist ein symbolischer Link, den ein anderer Benutzer (UID %2) im für alle beschreibbaren Verzeichnis %3 angelegt hat; ihm wird nicht gefolgt</translation>
    </message>
    <message>
        <source>%1 is not an open descriptor of this program</source>
        <translation>%1 ist kein offener Deskriptor dieses Programms</translation>
    </message>
    <message>
        <source>it is a device or socket, not a file</source>
        <translation>es ist ein Gerät oder Socket, keine Datei</translation>
    </message>
    <message>
        <source>cannot create a file in %1: %2</source>
        <translation>in %1 kann keine Datei angelegt werden: %2</translation>
    </message>
    <message>
        <source>it is a FIFO of another user (uid %1), who would read what is written</source>
        <translation>es ist ein FIFO eines anderen Benutzers (UID %1), der lesen würde, was geschrieben wird</translation>
    </message>
</context>
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
    <message>
        <source> Seen after %1 of %2 discards, and not without one.</source>
        <translation> Gesehen nach %1 von %2 Discards, und nie ohne einen.</translation>
    </message>
    <message>
        <source>Cannot tell whether this drive trims in the background: writes slowed as much without a discard as after one, or the drive was not idle (4 KiB writes took %1 at first, %2 before the last discard, %3 waited in all). Probe again on a quiet machine, after the drive has rested.</source>
        <translation>Ob dieses Laufwerk TRIM im Hintergrund ausführt, lässt sich nicht sagen: Schreibvorgänge wurden ohne Discard ebenso langsam wie nach einem, oder das Laufwerk wurde nicht untätig (4-KiB-Schreibvorgänge dauerten anfangs %1, vor dem letzten Discard %2, insgesamt %3 gewartet). Testen Sie erneut auf einem ruhigen Computer, nachdem das Laufwerk geruht hat.</translation>
    </message>
    <message>
        <source>Cannot tell whether this drive trims in the background: it never fell quiet within the probe&apos;s bound of %1 (4 KiB writes took %2 at first, %3 at the end), so the computer was busy; probe again when it is idle, or allow the probe longer.</source>
        <translation>Ob dieses Laufwerk TRIM im Hintergrund ausführt, lässt sich nicht sagen: Es wurde innerhalb der Grenze des Tests von %1 nie ruhig (4-KiB-Schreibvorgänge dauerten anfangs %2, am Ende %3), der Computer war also beschäftigt; testen Sie erneut, wenn er ruht, oder geben Sie dem Test mehr Zeit.</translation>
    </message>
    <message>
        <source>Cannot tell whether this drive trims in the background: the probe&apos;s bound of %1 came before two pairs of trials agreed (4 KiB writes took %2 at first, %3 before the last discard, %4 waited for quiet in all), so the computer was busy; probe again when it is idle, or allow the probe longer.</source>
        <translation>Ob dieses Laufwerk TRIM im Hintergrund ausführt, lässt sich nicht sagen: Die Grenze des Tests von %1 kam, bevor zwei Versuchspaare übereinstimmten (4-KiB-Schreibvorgänge dauerten anfangs %2, vor dem letzten Discard %3, insgesamt %4 auf Ruhe gewartet), der Computer war also beschäftigt; testen Sie erneut, wenn er ruht, oder geben Sie dem Test mehr Zeit.</translation>
    </message>
</context>
<context>
    <name>CliAdvise</name>
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
        <source>In</source>
        <translation>In</translation>
    </message>
    <message>
        <source>Fix:</source>
        <translation>Abhilfe:</translation>
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
        <source>--free: &apos;%1&apos; is not a size</source>
        <translation>--free: „%1“ ist keine Größe</translation>
    </message>
    <message>
        <source>no sweep result given (--from FILE): the advice can only be vague</source>
        <translation>kein Messergebnis angegeben (--from DATEI): die Empfehlung kann nur vage sein</translation>
    </message>
    <message>
        <source>A sweep, filesystem, background-probe, audit or health result (JSON); repeat for more runs of the same drive.</source>
        <translation>Ein Ergebnis eines Durchlaufs, Dateisystem-Experiments, Hintergrund-TRIM-Tests, einer Prüfung oder ein Zustandsbericht (JSON); für weitere Läufe desselben Laufwerks wiederholen.</translation>
    </message>
    <message>
        <source>Verdict for %1: %2</source>
        <translation>Urteil für %1: %2</translation>
    </message>
    <message>
        <source>Findings about the measured drive</source>
        <translation>Befunde zum gemessenen Laufwerk</translation>
    </message>
    <message>
        <source>This computer</source>
        <translation>Dieser Computer</translation>
    </message>
    <message>
        <source>This computer&apos;s own audit findings (not about the measured drive)</source>
        <translation>Eigene Befunde der Prüfung dieses Computers (nicht zum gemessenen Laufwerk)</translation>
    </message>
    <message>
        <source>What to do (lines to copy)</source>
        <translation>Was zu tun ist (Zeilen zum Kopieren)</translation>
    </message>
    <message>
        <source>What to do (apply the ones in [brackets] with &apos;trimscope-cli apply ID&apos;; copy the others)</source>
        <translation>Was zu tun ist (die in [Klammern] mit &apos;trimscope-cli apply ID&apos; anwenden, die anderen kopieren)</translation>
    </message>
</context>
<context>
    <name>CliApply</name>
    <message>
        <source>%1 [%2]</source>
        <translation>%1 [%2]</translation>
    </message>
    <message>
        <source>Apply these changes? [y/N] </source>
        <translation>Diese Änderungen anwenden? [j/N] </translation>
    </message>
    <message>
        <source>y</source>
        <translation>j</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>ja</translation>
    </message>
    <message>
        <source>  put back: %1</source>
        <translation>  zurückgesetzt: %1</translation>
    </message>
    <message>
        <source>  still changed: %1</source>
        <translation>  noch geändert: %1</translation>
    </message>
    <message>
        <source>Nothing was changed.</source>
        <translation>Es wurde nichts geändert.</translation>
    </message>
    <message>
        <source>Applied %1:</source>
        <translation>Angewandt am %1:</translation>
    </message>
    <message>
        <source>put back</source>
        <translation>zurückgesetzt</translation>
    </message>
    <message>
        <source>Undone: %1</source>
        <translation>Rückgängig gemacht: %1</translation>
    </message>
    <message>
        <source>  taken back: %1</source>
        <translation>  zurückgenommen: %1</translation>
    </message>
    <message>
        <source>  could not be taken back: %1 (%2)</source>
        <translation>  konnte nicht zurückgenommen werden: %1 (%2)</translation>
    </message>
    <message>
        <source>A fix the advice offers for this computer.</source>
        <translation>Eine Korrektur, die die Empfehlung für diesen Computer anbietet.</translation>
    </message>
    <message>
        <source>A result of the measured drive the advice reads (as for advise); repeat for more.</source>
        <translation>Ein Ergebnis des gemessenen Laufwerks, das die Empfehlung liest (wie bei advise); für mehrere wiederholen.</translation>
    </message>
    <message>
        <source>Show what would change, change nothing.</source>
        <translation>Zeigen, was sich ändern würde, nichts ändern.</translation>
    </message>
    <message>
        <source>Do not ask before changing anything.</source>
        <translation>Vor dem Ändern nicht nachfragen.</translation>
    </message>
    <message>
        <source>Put back the last fix applied.</source>
        <translation>Die zuletzt angewandte Korrektur zurücknehmen.</translation>
    </message>
    <message>
        <source>List the fixes that can be applied here.</source>
        <translation>Die Korrekturen auflisten, die hier angewandt werden können.</translation>
    </message>
    <message>
        <source>--undo takes no fix</source>
        <translation>--undo nimmt keine Korrektur</translation>
    </message>
    <message>
        <source>name the fixes to apply (apply --list shows them), or --undo</source>
        <translation>nennen Sie die anzuwendenden Korrekturen (apply --list zeigt sie) oder --undo</translation>
    </message>
    <message>
        <source>changed</source>
        <translation>geändert</translation>
    </message>
    <message>
        <source>Applied: %1 (undo: trimscope-cli apply --undo)</source>
        <translation>Angewandt: %1 (rückgängig: trimscope-cli apply --undo)</translation>
    </message>
    <message>
        <source>  skipped: %1</source>
        <translation>  übersprungen: %1</translation>
    </message>
    <message>
        <source>Not undone completely: what was skipped stays recorded (trimscope-cli apply --undo again).</source>
        <translation>Nicht vollständig rückgängig gemacht: Was übersprungen wurde, bleibt vermerkt (trimscope-cli apply --undo erneut ausführen).</translation>
    </message>
</context>
<context>
    <name>CliArguments</name>
    <message>
        <source>confirm that DEVICE may be erased</source>
        <translation>bestätigt, dass DEVICE gelöscht werden darf</translation>
    </message>
    <message>
        <source>unexpected argument &apos;%1&apos;</source>
        <translation>unerwartetes Argument „%1“</translation>
    </message>
    <message>
        <source>give exactly one DEVICE</source>
        <translation>genau ein DEVICE angeben</translation>
    </message>
    <message>
        <source>give either a DEVICE or --simulate PROFILE</source>
        <translation>entweder ein GERÄT oder --simulate PROFIL angeben</translation>
    </message>
    <message>
        <source>--%1 needs a value, not an empty one</source>
        <translation>--%1 braucht einen Wert, keinen leeren</translation>
    </message>
</context>
<context>
    <name>CliAudit</name>
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
        <translation>Einen gespeicherten Schnappschuss statt dieses Computers prüfen.</translation>
    </message>
    <message>
        <source>Save what was read, for a bug report or a test.</source>
        <translation>Das Gelesene speichern, für einen Fehlerbericht oder einen Test.</translation>
    </message>
</context>
<context>
    <name>CliAuditOptions</name>
    <message>
        <source>Audit this machine&apos;s TRIM stack too.</source>
        <translation>Auch den TRIM-Stapel dieses Computers prüfen.</translation>
    </message>
    <message>
        <source>Audit a saved snapshot (see audit --save-snapshot).</source>
        <translation>Einen gespeicherten Schnappschuss prüfen (siehe audit --save-snapshot).</translation>
    </message>
</context>
<context>
    <name>CliBackgroundProbe</name>
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
        <source>--discard: &apos;%1&apos; is not a size</source>
        <translation>--discard: „%1“ ist keine Größe</translation>
    </message>
    <message>
        <source>--seconds: &apos;%1&apos; is not a number</source>
        <translation>--seconds: „%1“ ist keine Zahl</translation>
    </message>
    <message>
        <source>the background probe</source>
        <translation>der Hintergrund-TRIM-Test</translation>
    </message>
    <message>
        <source>Background probe</source>
        <translation>Hintergrund-TRIM-Test</translation>
    </message>
    <message>
        <source>longest the whole probe may take, waits for a quiet drive included (default 90)</source>
        <translation>längste Dauer des ganzen Tests, Warten auf ein ruhiges Laufwerk eingeschlossen (Standard 90)</translation>
    </message>
    <message>
        <source>--max-wait: &apos;%1&apos; is not a number of seconds from %2 to %3</source>
        <translation>--max-wait: „%1“ ist keine Sekundenzahl von %2 bis %3</translation>
    </message>
    <message>
        <source>Background probe: at most %1 in all (--max-wait), waits for a quiet drive included.</source>
        <translation>Hintergrund-TRIM-Test: höchstens %1 insgesamt (--max-wait), Warten auf ein ruhiges Laufwerk eingeschlossen.</translation>
    </message>
</context>
<context>
    <name>CliDiagnose</name>
    <message>
        <source>*** SIMULATED DRIVE: no real device was touched; the figures are a model&apos;s ***
</source>
        <translation>*** SIMULIERTES LAUFWERK: kein echtes Gerät wurde berührt; die Zahlen stammen aus einem Modell ***
</translation>
    </message>
    <message>
        <source>Drive:   %1, %2, %3
</source>
        <translation>Laufwerk: %1, %2, %3
</translation>
    </message>
    <message>
        <source>Budget:  %1
</source>
        <translation>Budget:   %1
</translation>
    </message>
    <message>
        <source>simulated drive</source>
        <translation>simuliertes Laufwerk</translation>
    </message>
    <message>
        <source>minutes to plan for, 1 to 1440 (default 10)</source>
        <translation>einzuplanende Minuten, 1 bis 1440 (Vorgabe 10)</translation>
    </message>
    <message>
        <source>filesystems to try (default ext4,xfs)</source>
        <translation>zu testende Dateisysteme (Vorgabe ext4,xfs)</translation>
    </message>
    <message>
        <source>write the diagnosis as JSON</source>
        <translation>die Diagnose als JSON schreiben</translation>
    </message>
    <message>
        <source>block device</source>
        <translation>Blockgerät</translation>
    </message>
    <message>
        <source>give either a DEVICE or --simulate PROFILE</source>
        <translation>geben Sie entweder ein GERÄT oder --simulate PROFIL an</translation>
    </message>
    <message>
        <source>--budget: &apos;%1&apos; is not a number of minutes</source>
        <translation>--budget: &apos;%1&apos; ist keine Zahl von Minuten</translation>
    </message>
    <message>
        <source>the diagnosis</source>
        <translation>die Diagnose</translation>
    </message>
    <message>
        <source>Diagnosis (simulated)</source>
        <translation>Diagnose (simuliert)</translation>
    </message>
    <message>
        <source>Diagnosis</source>
        <translation>Diagnose</translation>
    </message>
    <message>
        <source>cancelled; every phase that ran is kept, with advice from those, and nothing is left mounted</source>
        <translation>abgebrochen; jede gelaufene Phase bleibt erhalten, mit einem Rat aus diesen, und nichts bleibt eingehängt</translation>
    </message>
</context>
<context>
    <name>CliFsBench</name>
    <message>
        <source>give exactly one DEVICE</source>
        <translation>genau ein GERÄT angeben</translation>
    </message>
    <message>
        <source>--preset must be one of %1</source>
        <translation>--preset muss eines von %1 sein</translation>
    </message>
    <message>
        <source>--files: &apos;%1&apos; is not a number</source>
        <translation>--files: „%1“ ist keine Zahl</translation>
    </message>
    <message>
        <source>--bytes: &apos;%1&apos; is not a size such as 20M or 2G</source>
        <translation>--bytes: „%1“ ist keine Größe wie 20M oder 2G</translation>
    </message>
    <message>
        <source>--seed must be a number</source>
        <translation>--seed muss eine Zahl sein</translation>
    </message>
    <message>
        <source>Filesystems</source>
        <translation>Dateisysteme</translation>
    </message>
    <message>
        <source>the filesystem experiment</source>
        <translation>das Dateisystem-Experiment</translation>
    </message>
    <message>
        <source>cancelled; nothing is left mounted, the result is marked incomplete</source>
        <translation>abgebrochen; nichts bleibt eingehängt, das Ergebnis ist als unvollständig markiert</translation>
    </message>
    <message>
        <source>%1 x %2</source>
        <translation>%1 × %2</translation>
    </message>
    <message>
        <source>Drive: %1, %2, %3
</source>
        <translation>Laufwerk: %1, %2, %3
</translation>
    </message>
    <message>
        <source>Tree:  %1 files, %2 (preset %3, seed %4)

</source>
        <translation>Baum:     %1 Dateien, %2 (Standard %3, Seed %4)

</translation>
    </message>
    <message>
        <source>FS</source>
        <translation>FS</translation>
    </message>
    <message>
        <source>VARIANT</source>
        <translation>VARIANTE</translation>
    </message>
    <message>
        <source>CREATE+SYNC</source>
        <translation>ANLEGEN+SYNC</translation>
    </message>
    <message>
        <source>DELETE</source>
        <translation>LÖSCHEN</translation>
    </message>
    <message>
        <source>SYNC</source>
        <translation>SYNC</translation>
    </message>
    <message>
        <source>SETTLE</source>
        <translation>NACHLAUF</translation>
    </message>
    <message>
        <source>DELETE TOTAL</source>
        <translation>LÖSCHEN GES.</translation>
    </message>
    <message>
        <source>DISCARDS x AVG</source>
        <translation>DISCARDS × MITTEL</translation>
    </message>
    <message>
        <source>FSTRIM (DISCARDS)</source>
        <translation>FSTRIM (DISCARDS)</translation>
    </message>
    <message>
        <source>  %1: deleting the tree takes %2 with online discard, %3 without (%4%5); %6 discards averaging %7 (%8 in total)%9</source>
        <translation>  %1: Das Löschen des Baums dauert mit Online-Discard %2, ohne %3 (%4%5); %6 Discards von durchschnittlich %7 (%8 insgesamt)%9</translation>
    </message>
    <message>
        <source>; fstrim afterwards instead: %1</source>
        <translation>; stattdessen fstrim danach: %1</translation>
    </message>
    <message>
        <source>What online discard costs per deleted tree:
</source>
        <translation>Was Online-Discard pro gelöschtem Baum kostet:
</translation>
    </message>
    <message>
        <source>Incomplete (%1): the result file is marked so.
</source>
        <translation>Unvollständig (%1): Die Ergebnisdatei ist entsprechend markiert.
</translation>
    </message>
    <message>
        <source>Drive: %1, %2, %3

</source>
        <translation>Laufwerk: %1, %2, %3

</translation>
    </message>
    <message>
        <source>TIME</source>
        <translation>ZEIT</translation>
    </message>
    <message>
        <source>DISCARDS</source>
        <translation>DISCARDS</translation>
    </message>
    <message>
        <source>BYTES</source>
        <translation>BYTES</translation>
    </message>
    <message>
        <source>DEVICE TIME</source>
        <translation>GERÄTEZEIT</translation>
    </message>
    <message>
        <source>UNMOUNT</source>
        <translation>AUSHÄNGEN</translation>
    </message>
</context>
<context>
    <name>CliFstrimTiming</name>
    <message>
        <source>--%1 takes a size such as 128M or 1G, not &apos;%2&apos;</source>
        <translation>--%1 erwartet eine Größe wie 128M oder 1G, nicht „%2“</translation>
    </message>
    <message>
        <source>to end</source>
        <translation>bis Ende</translation>
    </message>
    <message>
        <source>Nothing new was trimmed: the filesystem trimmed all of this free space before and remembers it until it is next mounted (ext4 remembers its trimmed block groups, btrfs the unallocated space it trimmed). This run measured no TRIM; the first run after the next mount (or reboot) shows what trimming the free space costs.
</source>
        <translation>Nichts Neues getrimmt: Das Dateisystem hat diesen ganzen freien Speicher schon getrimmt und merkt sich das bis zum nächsten Einhängen (ext4 merkt sich seine getrimmten Blockgruppen, btrfs den getrimmten nicht zugeteilten Speicher). Dieser Lauf hat kein TRIM gemessen; erst der erste Lauf nach dem nächsten Einhängen (oder Neustart) zeigt, was das Trimmen des freien Speichers kostet.
</translation>
    </message>
    <message>
        <source>ext4 remembers the block groups it trimmed until it is next mounted: a second run before then trims only what was freed meanwhile, and is shorter. What this run trimmed is what was not trimmed since the mount (or the last fstrim).
</source>
        <translation>ext4 merkt sich die getrimmten Blockgruppen bis zum nächsten Einhängen: Ein zweiter Lauf vorher trimmt nur, was inzwischen frei wurde, und ist kürzer. Was dieser Lauf getrimmt hat, wurde seit dem Einhängen (oder dem letzten fstrim) nicht getrimmt.
</translation>
    </message>
    <message>
        <source>btrfs remembers the unallocated space it trimmed until it is next mounted; the free space inside its block groups it trims every time.
</source>
        <translation>btrfs merkt sich den getrimmten nicht zugeteilten Speicher bis zum nächsten Einhängen; den freien Speicher in seinen Blockgruppen trimmt es jedes Mal.
</translation>
    </message>
    <message>
        <source>%1 trims all of its free space on every run: a second run takes as long.
</source>
        <translation>%1 trimmt bei jedem Lauf seinen ganzen freien Speicher: Ein zweiter Lauf dauert genauso lange.
</translation>
    </message>
    <message>
        <source>Timed fstrim of %1 (%2 on %3, %4 of %5 free), %6 of %7 pieces:
</source>
        <translation>Zeitgemessenes fstrim von %1 (%2 auf %3, %4 von %5 frei), %6 von %7 Stücken:
</translation>
    </message>
    <message>
        <source>PIECE</source>
        <translation>STÜCK</translation>
    </message>
    <message>
        <source>START</source>
        <translation>ANFANG</translation>
    </message>
    <message>
        <source>RANGE</source>
        <translation>BEREICH</translation>
    </message>
    <message>
        <source>TRIMMED</source>
        <translation>GETRIMMT</translation>
    </message>
    <message>
        <source>TIME</source>
        <translation>ZEIT</translation>
    </message>
    <message>
        <source>DISCARDS</source>
        <translation>DISCARDS</translation>
    </message>
    <message>
        <source>OTHER I/O</source>
        <translation>ANDERE E/A</translation>
    </message>
    <message>
        <source>ITS WAIT</source>
        <translation>IHR WARTEN</translation>
    </message>
    <message>
        <source>IN FLIGHT</source>
        <translation>UNTERWEGS</translation>
    </message>
    <message>
        <source>Trimmed %1 in %2 (%3); the longest piece took %4.
</source>
        <translation>%1 in %2 getrimmt (%3); das längste Stück dauerte %4.
</translation>
    </message>
    <message numerus="yes">
        <source>%1 served %n discard(s) meanwhile (%2, device time %3).
</source>
        <translation>
            <numerusform>%1 hat dabei %n Discard bedient (%2, Gerätezeit %3).
</numerusform>
            <numerusform>%1 hat dabei %n Discards bedient (%2, Gerätezeit %3).
</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Other I/O on %1 meanwhile: %n read(s) and write(s), %2 each on average; busy %3; at most %4 request(s) in flight, the discards included.
</source>
        <translation>
            <numerusform>Andere E/A auf %1 dabei: %n Lese- oder Schreibvorgang, im Mittel je %2; belegt %3; höchstens %4 Anfrage(n) gleichzeitig unterwegs, die Discards eingeschlossen.
</numerusform>
            <numerusform>Andere E/A auf %1 dabei: %n Lese- und Schreibvorgänge, im Mittel je %2; belegt %3; höchstens %4 Anfrage(n) gleichzeitig unterwegs, die Discards eingeschlossen.
</numerusform>
        </translation>
    </message>
    <message>
        <source>a directory of the mounted filesystem</source>
        <translation>ein Verzeichnis des eingehängten Dateisystems</translation>
    </message>
    <message>
        <source>Trim SIZE of the filesystem&apos;s range per piece (a multiple of 1M; default: about a 64th, in steps of 128M)</source>
        <translation>GRÖSSE des Bereichs des Dateisystems je Stück trimmen (ein Vielfaches von 1M; Vorgabe: etwa ein 64stel, in Schritten von 128M)</translation>
    </message>
    <message>
        <source>Leave free extents shorter than SIZE (fstrim --minimum)</source>
        <translation>Freie Bereiche kürzer als GRÖSSE auslassen (fstrim --minimum)</translation>
    </message>
    <message>
        <source>Write the result as JSON to FILE</source>
        <translation>Das Ergebnis als JSON in DATEI schreiben</translation>
    </message>
    <message>
        <source>fstrim-timing takes one mounted directory</source>
        <translation>fstrim-timing erwartet ein eingehängtes Verzeichnis</translation>
    </message>
    <message>
        <source>cancelled between two pieces; the pieces not run were not trimmed, and the partial result is marked incomplete</source>
        <translation>zwischen zwei Stücken abgebrochen; die nicht gelaufenen Stücke wurden nicht getrimmt, und das Teilergebnis ist als unvollständig markiert</translation>
    </message>
    <message numerus="yes">
        <source>FITRIM returned after %1 in all; %2 was still serving discards then and finished %n more (%3) in the %4 after, counted above.
</source>
        <translation>
            <numerusform>FITRIM kehrte nach insgesamt %1 zurück; %2 bediente da noch Discards und beendete danach in %4 noch %n weiteren (%3), oben mitgezählt.
</numerusform>
            <numerusform>FITRIM kehrte nach insgesamt %1 zurück; %2 bediente da noch Discards und beendete danach in %4 noch %n weitere (%3), oben mitgezählt.
</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 still had requests in flight %2 after FITRIM returned: discards it served later are not counted.
</source>
        <translation>%1 hatte %2 nach der Rückkehr von FITRIM noch Anfragen in Bearbeitung: Discards, die es später bediente, sind nicht gezählt.
</translation>
    </message>
    <message>
        <source>MOUNT may be any directory: trim the filesystem that holds it</source>
        <translation>MOUNT darf ein beliebiges Verzeichnis sein: das Dateisystem trimmen, das es enthält</translation>
    </message>
    <message>
        <source>%1 is not a mount point here: it belongs to the filesystem mounted at %2 (%3 on %4). Name that mount point, or add --containing to trim the filesystem holding %1.</source>
        <translation>%1 ist hier kein Einhängepunkt: Es gehört zu dem unter %2 eingehängten Dateisystem (%3 auf %4). Geben Sie diesen Einhängepunkt an, oder fügen Sie --containing hinzu, um das Dateisystem zu trimmen, das %1 enthält.</translation>
    </message>
    <message>
        <source>trims the free space of the filesystem mounted at %1 (%2 on %3)</source>
        <translation>trimmt den freien Speicher des unter %1 eingehängten Dateisystems (%2 auf %3)</translation>
    </message>
    <message>
        <source>fstrim %1 (%2)</source>
        <translation>fstrim %1 (%2)</translation>
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
        <source>Drive DB:     smartmontools %1: &quot;%2&quot;
</source>
        <translation>Laufwerks-DB: smartmontools %1: „%2“
</translation>
    </message>
    <message>
        <source>Drive DB:     smartmontools %1 does not know this drive (its default attribute names)
</source>
        <translation>Laufwerks-DB: smartmontools %1 kennt dieses Laufwerk nicht (seine Standardnamen der Attribute)
</translation>
    </message>
    <message>
        <source>DB warning:   %1
</source>
        <translation>DB-Warnung:   %1
</translation>
    </message>
    <message>
        <source>Commands:     unknown (udisks2 does not report them)
</source>
        <translation>Befehle:      unbekannt (udisks2 meldet sie nicht)
</translation>
    </message>
    <message>
        <source>After TRIM:   %1
</source>
        <translation>Nach TRIM:    %1
</translation>
    </message>
    <message>
        <source>Kernel:       %1
</source>
        <translation>Kernel:       %1
</translation>
    </message>
    <message>
        <source>ID#</source>
        <translation>ID#</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>Wert</translation>
    </message>
    <message>
        <source>Worst</source>
        <translation>Schl.</translation>
    </message>
    <message>
        <source>Thres</source>
        <translation>Schw.</translation>
    </message>
    <message>
        <source>Pretty</source>
        <translation>Lesbar</translation>
    </message>
    <message>
        <source>Raw</source>
        <translation>Roh</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>Typ</translation>
    </message>
    <message>
        <source>Updates</source>
        <translation>Aktual.</translation>
    </message>
    <message>
        <source>Good</source>
        <translation>Gut</translation>
    </message>
    <message>
        <source>Good/Past</source>
        <translation>Gut/Früher</translation>
    </message>
    <message>
        <source>n/a</source>
        <comment>a SMART table cell without a value</comment>
        <translation>–</translation>
    </message>
    <message>
        <source>yes</source>
        <comment>SMART table: the attribute is good</comment>
        <translation>ja</translation>
    </message>
    <message>
        <source>no</source>
        <comment>SMART table: the attribute is not good</comment>
        <translation>nein</translation>
    </message>
    <message>
        <source>prefail</source>
        <comment>SMART attribute type (skdump&apos;s)</comment>
        <translation>Vorausfall</translation>
    </message>
    <message>
        <source>old-age</source>
        <comment>SMART attribute type (skdump&apos;s)</comment>
        <translation>Alterung</translation>
    </message>
    <message>
        <source>online</source>
        <comment>SMART attribute updated online</comment>
        <translation>laufend</translation>
    </message>
    <message>
        <source>offline</source>
        <comment>SMART attribute updated offline</comment>
        <translation>beim Test</translation>
    </message>
</context>
<context>
    <name>CliHistory</name>
    <message>
        <source>Day         Power-on h  Writes      Reads       Wear  Spare  Temp °C  Media  CRC  Realloc  Pending  Warn  Discards  Discarded
</source>
        <translation>Tag         Betriebs-h  Geschrieben Gelesen     Abn.  Res.   Temp °C  Medium CRC  Umgel.   Schwebd. Warn  Discards  Verworfen
</translation>
    </message>
    <message numerus="yes">
        <source>            (%n day(s) not recorded)
</source>
        <translation>
            <numerusform>            (%n Tag nicht aufgezeichnet)
</numerusform>
            <numerusform>            (%n Tage nicht aufgezeichnet)
</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 unknown (%2)
</source>
        <translation>%1 unbekannt (%2)
</translation>
    </message>
    <message>
        <source>%1 about %2 years in total at %3 a day (over %4 days)
</source>
        <translation>%1 etwa %2 Jahre insgesamt bei %3 pro Tag (über %4 Tage)
</translation>
    </message>
    <message>
        <source>The history file (default: %1).</source>
        <translation>Die Verlaufsdatei (Vorgabe: %1).</translation>
    </message>
    <message>
        <source>Print JSON.</source>
        <translation>JSON ausgeben.</translation>
    </message>
    <message>
        <source>Show only the last N days (default 30).</source>
        <translation>Nur die letzten N Tage zeigen (Vorgabe 30).</translation>
    </message>
    <message>
        <source>A drive: its name (sda), serial or key.</source>
        <translation>Ein Laufwerk: sein Name (sda), seine Seriennummer oder sein Schlüssel.</translation>
    </message>
    <message>
        <source>give at most one DRIVE, and --days a positive number</source>
        <translation>geben Sie höchstens ein LAUFWERK an und für --days eine positive Zahl</translation>
    </message>
    <message>
        <source>No drive has a history in %1 yet (trimscope-cli history record).
</source>
        <translation>Noch kein Laufwerk hat einen Verlauf in %1 (trimscope-cli history record).
</translation>
    </message>
    <message>
        <source>%1 has no history in %2</source>
        <translation>%1 hat keinen Verlauf in %2</translation>
    </message>
    <message numerus="yes">
        <source>%1 (%2, %3), %n day(s) recorded
</source>
        <translation>
            <numerusform>%1 (%2, %3), %n Tag aufgezeichnet
</numerusform>
            <numerusform>%1 (%2, %3), %n Tage aufgezeichnet
</numerusform>
        </translation>
    </message>
    <message>
        <source>Lifespan, average since new:</source>
        <translation>Lebensdauer, Mittel seit neu:</translation>
    </message>
    <message>
        <source>Lifespan, last %1 days:     </source>
        <translation>Lebensdauer, letzte %1 Tage: </translation>
    </message>
    <message>
        <source>a rotational disk without TRIM: not read, so that it is not woken up</source>
        <translation>eine rotierende Platte ohne TRIM: nicht gelesen, damit sie nicht aufgeweckt wird</translation>
    </message>
    <message>
        <source>unknown simulated drive &apos;%1&apos; (trimscope-cli profiles)</source>
        <translation>unbekanntes simuliertes Laufwerk &apos;%1&apos; (trimscope-cli profiles)</translation>
    </message>
    <message>
        <source>Recorded %1 days of the simulated drive %2 in %3
</source>
        <translation>%1 Tage des simulierten Laufwerks %2 in %3 aufgezeichnet
</translation>
    </message>
    <message>
        <source>Fill the history with made-up days of a simulated drive.</source>
        <translation>Den Verlauf mit erfundenen Tagen eines simulierten Laufwerks füllen.</translation>
    </message>
    <message>
        <source>With --simulate: how many days.</source>
        <translation>Mit --simulate: wie viele Tage.</translation>
    </message>
    <message>
        <source>Show new alerts as desktop notifications.</source>
        <translation>Neue Alarme als Desktop-Benachrichtigungen zeigen.</translation>
    </message>
    <message>
        <source>Run PROGRAM for each new alert with the arguments RULE STATE DRIVE-KEY DRIVE-NAME SUMMARY BODY (no shell).</source>
        <translation>PROGRAMM für jeden neuen Alarm mit den Argumenten REGEL ZUSTAND LAUFWERKSSCHLÜSSEL LAUFWERKSNAME ZUSAMMENFASSUNG TEXT ausführen (ohne Shell).</translation>
    </message>
    <message>
        <source>Wear percentages that raise an alert (default 80,90,100).</source>
        <translation>Abnutzung in Prozent, die einen Alarm auslöst (Vorgabe 80,90,100).</translation>
    </message>
    <message>
        <source>Alert above this temperature in °C (default 70).</source>
        <translation>Alarm über dieser Temperatur in °C (Vorgabe 70).</translation>
    </message>
    <message>
        <source>Alert under this available spare (default: the drive&apos;s own).</source>
        <translation>Alarm unter dieser verfügbaren Reserve (Vorgabe: die des Laufwerks).</translation>
    </message>
    <message>
        <source>Alert when fstrim has not run for this many days (default 14).</source>
        <translation>Alarm, wenn fstrim so viele Tage nicht gelaufen ist (Vorgabe 14).</translation>
    </message>
    <message>
        <source>the thresholds and --days need numbers</source>
        <translation>die Schwellwerte und --days brauchen Zahlen</translation>
    </message>
    <message>
        <source>%1: no WWN and no serial number, so it could not be told from another drive; not recorded</source>
        <translation>%1: keine WWN und keine Seriennummer, also nicht von einem anderen Laufwerk zu unterscheiden; nicht aufgezeichnet</translation>
    </message>
    <message>
        <source>%1: health not read: %2</source>
        <translation>%1: Zustand nicht gelesen: %2</translation>
    </message>
    <message>
        <source>Recorded %1 of %2 drives in %3
</source>
        <translation>%1 von %2 Laufwerken in %3 aufgezeichnet
</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>unbekannt</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <source>succeeded</source>
        <translation>erfolgreich</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>fehlgeschlagen</translation>
    </message>
    <message>
        <source>fstrim %1: trimmed %2, took %3, %4
</source>
        <translation>fstrim %1: %2 getrimmt, Dauer %3, %4
</translation>
    </message>
    <message>
        <source>Adds today&apos;s reading of every drive to the drive history and sends the alerts that are new (the same as trimscope-cli history record).</source>
        <translation>Trägt die heutige Messung jedes Laufwerks in den Verlauf ein und sendet die neuen Alarme (dasselbe wie trimscope-cli history record).</translation>
    </message>
    <message>
        <source>Show these options.</source>
        <translation>Diese Optionen zeigen.</translation>
    </message>
    <message>
        <source>Offer &quot;Open TrimScope&quot; on a notification and wait this long for it (0: not offered).</source>
        <translation>„TrimScope öffnen“ in einer Benachrichtigung anbieten und so lange darauf warten (0: nicht angeboten).</translation>
    </message>
</context>
<context>
    <name>CliList</name>
    <message>
        <source>no medium</source>
        <translation>kein Medium</translation>
    </message>
    <message>
        <source>In the Flatpak sandbox only udisks2 knows what the host has mounted, and it did not answer (%1): a mounted drive may be listed as allowed.</source>
        <translation>In der Flatpak-Sandbox weiß nur udisks2, was der Host eingehängt hat, und es hat nicht geantwortet (%1): Ein eingehängtes Laufwerk wird womöglich als erlaubt aufgeführt.</translation>
    </message>
</context>
<context>
    <name>CliMetrics</name>
    <message>
        <source>a rotational disk without TRIM; not read, so that it is not woken up</source>
        <translation>eine rotierende Festplatte ohne TRIM; nicht gelesen, damit sie nicht aufgeweckt wird</translation>
    </message>
    <message>
        <source>reading health needs root (run as root or through trimscope-metrics.service; `trimscope-cli health DEVICE` asks the helper)</source>
        <translation>Zustandsdaten lesen braucht root (als root oder über trimscope-metrics.service ausführen; `trimscope-cli health GERÄT` fragt das Hilfsprogramm)</translation>
    </message>
    <message>
        <source>Write DIR/trimscope.prom atomically (node_exporter&apos;s textfile directory) instead of printing.</source>
        <translation>DIR/trimscope.prom atomar schreiben (das Textfile-Verzeichnis von node_exporter), statt auszugeben.</translation>
    </message>
    <message>
        <source>Write the same facts as JSON to FILE (&apos;-&apos;: print).</source>
        <translation>Dieselben Angaben als JSON in DATEI schreiben („-“: ausgeben).</translation>
    </message>
    <message>
        <source>A saved sweep of one of the drives: adds the advice and the predicted cost of online discard (repeatable).</source>
        <translation>Ein gespeicherter Sweep eines der Laufwerke: ergänzt die Empfehlung und die vorhergesagten Kosten von Online-Discard (wiederholbar).</translation>
    </message>
    <message>
        <source>Take filesystems and fstrim runs from a saved audit snapshot instead of this machine.</source>
        <translation>Dateisysteme und fstrim-Läufe aus einem gespeicherten Audit-Schnappschuss statt von diesem Computer nehmen.</translation>
    </message>
    <message>
        <source>the history %1 could not be read, so the alerts about growth are 0: %2</source>
        <translation>der Verlauf %1 konnte nicht gelesen werden, daher stehen die Warnungen über Zuwachs auf 0: %2</translation>
    </message>
    <message>
        <source>The drive history the alert rules compare with (default: %1, when it exists).</source>
        <translation>Der Laufwerksverlauf, mit dem die Warnregeln vergleichen (Standard: %1, wenn vorhanden).</translation>
    </message>
</context>
<context>
    <name>CliMkfsTiming</name>
    <message>
        <source>mkfs</source>
        <translation>mkfs</translation>
    </message>
    <message>
        <source>mkfs timing</source>
        <translation>die mkfs-Zeitmessung</translation>
    </message>
    <message>
        <source>block device</source>
        <translation>Blockgerät</translation>
    </message>
    <message>
        <source>filesystems</source>
        <translation>Dateisysteme</translation>
    </message>
    <message>
        <source>write the result as JSON</source>
        <translation>das Ergebnis als JSON schreiben</translation>
    </message>
</context>
<context>
    <name>CliOutput</name>
    <message>
        <source>%1 destroys all data on %2; add --destroy-data to confirm</source>
        <translation>%1 vernichtet alle Daten auf %2; zur Bestätigung --destroy-data angeben</translation>
    </message>
    <message>
        <source>no authentication agent asked for the password: run this with sudo, or in a terminal of a desktop session, whose agent asks for it</source>
        <translation>kein Authentifizierungsagent hat nach dem Passwort gefragt: führen Sie dies mit sudo aus oder in einem Terminal einer Desktop-Sitzung, deren Agent danach fragt</translation>
    </message>
    <message>
        <source>this computer&apos;s polkit policy, set by its administrator, forbids this to your user, and no password can change that: ask the administrator to allow it with a polkit rule, or run this as root</source>
        <translation>die polkit-Richtlinie dieses Computers, von seinem Administrator festgelegt, verbietet dies Ihrem Benutzer, und kein Passwort kann daran etwas ändern: bitten Sie den Administrator, es mit einer polkit-Regel zu erlauben, oder führen Sie dies als root aus</translation>
    </message>
    <message>
        <source>the password was not accepted (polkit&apos;s authentication failed); nothing was changed: try again</source>
        <translation>das Passwort wurde nicht angenommen (die Authentifizierung bei polkit ist fehlgeschlagen); es wurde nichts geändert: versuchen Sie es erneut</translation>
    </message>
    <message>
        <source>you cancelled the password prompt; nothing was changed</source>
        <translation>Sie haben die Passwortabfrage abgebrochen; es wurde nichts geändert</translation>
    </message>
</context>
<context>
    <name>CliRecovery</name>
    <message>
        <source>Sequential fill of %1 (%2 per sample)
</source>
        <translation>Sequenzielles Füllen von %1 (%2 pro Messpunkt)
</translation>
    </message>
    <message>
        <source>written</source>
        <translation>geschr.</translation>
    </message>
    <message>
        <source>throughput</source>
        <translation>Durchsatz</translation>
    </message>
    <message>
        <source>Mean %1 over %2
</source>
        <translation>Mittel %1 über %2
</translation>
    </message>
    <message>
        <source>Cliff at %1 % of capacity (%2): %3 before, %4 after (-%5 %)
</source>
        <translation>Einbruch bei %1 % der Kapazität (%2): %3 davor, %4 danach (-%5 %)
</translation>
    </message>
    <message>
        <source>No cliff: the speed never stayed %1 % below what came before
</source>
        <translation>Kein Einbruch: Die Geschwindigkeit lag nie dauerhaft %1 % unter dem vorherigen Wert
</translation>
    </message>
    <message>
        <source>bytes per throughput sample (default 1 % of the drive)</source>
        <translation>Bytes pro Durchsatz-Messpunkt (Standard 1 % des Laufwerks)</translation>
    </message>
    <message>
        <source>drop that marks the cliff, in percent (default 30)</source>
        <translation>Rückgang, der den Einbruch markiert, in Prozent (Standard 30)</translation>
    </message>
    <message>
        <source>do not discard the drive first</source>
        <translation>das Laufwerk nicht vorher verwerfen</translation>
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
        <source>--sample: &apos;%1&apos; is not a size such as 64M or 1G</source>
        <translation>--sample: „%1“ ist keine Größe wie 64M oder 1G</translation>
    </message>
    <message>
        <source>the fill curve</source>
        <translation>die Füllkurve</translation>
    </message>
    <message>
        <source>Fill</source>
        <translation>Füllen</translation>
    </message>
    <message>
        <source>Sequential fill of %1 (%2).
</source>
        <translation>Sequenzielles Füllen von %1 (%2).
</translation>
    </message>
    <message>
        <source>Write recovery on %1
</source>
        <translation>Schreiberholung auf %1
</translation>
    </message>
    <message>
        <source>Phase</source>
        <translation>Phase</translation>
    </message>
    <message>
        <source>IOPS</source>
        <translation>IOPS</translation>
    </message>
    <message>
        <source>of FOB</source>
        <translation>vs. neu</translation>
    </message>
    <message>
        <source>p50</source>
        <translation>p50</translation>
    </message>
    <message>
        <source>p99</source>
        <translation>p99</translation>
    </message>
    <message>
        <source>Fill %1: %2 at %3
</source>
        <translation>Füllen %1: %2 mit %3
</translation>
    </message>
    <message>
        <source>Idle %1; whole-drive TRIM took %2; %3 written in %4
</source>
        <translation>Leerlauf %1; TRIM des ganzen Laufwerks dauerte %2; %3 geschrieben in %4
</translation>
    </message>
    <message>
        <source>standard (default), quick or smoke</source>
        <translation>standard (Standard), quick oder smoke</translation>
    </message>
    <message>
        <source>length of each random-write phase</source>
        <translation>Dauer jeder Phase mit zufälligen Schreibvorgängen</translation>
    </message>
    <message>
        <source>length of the idle phase</source>
        <translation>Dauer der Leerlaufphase</translation>
    </message>
    <message>
        <source>how often the drive is filled (1-4)</source>
        <translation>wie oft das Laufwerk gefüllt wird (1–4)</translation>
    </message>
    <message>
        <source>--preset must be one of: %1</source>
        <translation>--preset muss eines der folgenden sein: %1</translation>
    </message>
    <message>
        <source>the recovery test</source>
        <translation>der Erholungstest</translation>
    </message>
    <message>
        <source>Recovery</source>
        <translation>Erholung</translation>
    </message>
    <message>
        <source>Write recovery on %1 (%2), preset %3.
</source>
        <translation>Schreiberholung auf %1 (%2), Vorgabe %3.
</translation>
    </message>
    <message>
        <source>--%1 must be a whole number from %2 to %3, not &apos;%4&apos;</source>
        <translation>--%1 muss eine ganze Zahl von %2 bis %3 sein, nicht „%4“</translation>
    </message>
    <message>
        <source>This writes %1 sequentially</source>
        <translation>Dies schreibt %1 sequenziell</translation>
    </message>
    <message>
        <source> and up to %1 at random</source>
        <translation> und bis zu %1 zufällig verteilt</translation>
    </message>
    <message>
        <source> (%1 times the drive&apos;s capacity) and takes about %2 at %3</source>
        <translation> (%1-mal die Kapazität des Laufwerks) und dauert bei %3 etwa %2</translation>
    </message>
    <message>
        <source> (%1 of it fixed: random-write phases and idle time)</source>
        <translation> (davon %1 fest: Phasen mit zufälligen Schreibvorgängen und Leerlauf)</translation>
    </message>
</context>
<context>
    <name>CliReport</name>
    <message>
        <source>A result of the drive (JSON): a diagnosis, sweeps, a health report, filesystem, probe or stall results, an audit; repeat for more.</source>
        <translation>Ein Ergebnis des Laufwerks (JSON): eine Diagnose, Durchläufe, ein Zustandsbericht, Dateisystem-, Hintergrund- oder Stall-Ergebnisse, eine Prüfung; für mehr wiederholen.</translation>
    </message>
    <message>
        <source>Write the report as one PDF page.</source>
        <translation>Den Bericht als eine PDF-Seite schreiben.</translation>
    </message>
    <message>
        <source>Write the report as one self-contained HTML file.</source>
        <translation>Den Bericht als eine eigenständige HTML-Datei schreiben.</translation>
    </message>
    <message>
        <source>report: no result given (--from FILE)</source>
        <translation>report: kein Ergebnis angegeben (--from DATEI)</translation>
    </message>
    <message>
        <source>report: say where it goes (--pdf FILE, --html FILE or both)</source>
        <translation>report: geben Sie an, wohin er geht (--pdf DATEI, --html DATEI oder beides)</translation>
    </message>
    <message>
        <source>Report written to %1</source>
        <translation>Bericht geschrieben nach %1</translation>
    </message>
</context>
<context>
    <name>CliRun</name>
    <message>
        <source>cancelled; the partial result is marked incomplete</source>
        <translation>abgebrochen; das Teilergebnis ist als unvollständig markiert</translation>
    </message>
</context>
<context>
    <name>CliRunJob</name>
    <message>
        <source>%1: %2 so far, %3</source>
        <translation>%1: bisher %2, %3</translation>
    </message>
    <message>
        <source>starting</source>
        <translation>beginnt</translation>
    </message>
</context>
<context>
    <name>CliShow</name>
    <message>
        <source>Print the result as JSON, as this TrimScope writes it.</source>
        <translation>Das Ergebnis als JSON ausgeben, so wie dieses TrimScope es schreibt.</translation>
    </message>
    <message>
        <source>A result file (JSON).</source>
        <translation>Eine Ergebnisdatei (JSON).</translation>
    </message>
    <message>
        <source>give at least one FILE</source>
        <translation>mindestens eine DATEI angeben</translation>
    </message>
</context>
<context>
    <name>CliStall</name>
    <message>
        <source>--%1: &apos;%2&apos; is not a size</source>
        <translation>--%1: „%2“ ist keine Größe</translation>
    </message>
    <message>
        <source>--%1: &apos;%2&apos; is not a count</source>
        <translation>--%1: „%2“ ist keine Anzahl</translation>
    </message>
    <message>
        <source>--%1: &apos;%2&apos; is not a number of seconds</source>
        <translation>--%1: „%2“ ist keine Zahl von Sekunden</translation>
    </message>
    <message>
        <source>Stall test on %1: QD1 random 4 KiB %2 beside discards
</source>
        <translation>Stall-Test auf %1: zufällige 4-KiB-%2 mit QD1 neben Discards
</translation>
    </message>
    <message>
        <source>reads and writes</source>
        <translation>Lese- und Schreibvorgänge</translation>
    </message>
    <message>
        <source>reads</source>
        <translation>Lesevorgänge</translation>
    </message>
    <message>
        <source>Phase</source>
        <translation>Phase</translation>
    </message>
    <message>
        <source>discard</source>
        <translation>Discard</translation>
    </message>
    <message>
        <source>takes</source>
        <translation>dauert</translation>
    </message>
    <message>
        <source>p50</source>
        <translation>p50</translation>
    </message>
    <message>
        <source>p99</source>
        <translation>p99</translation>
    </message>
    <message>
        <source>p99.9</source>
        <translation>p99,9</translation>
    </message>
    <message>
        <source>max</source>
        <translation>max</translation>
    </message>
    <message>
        <source>added</source>
        <translation>zusätzl.</translation>
    </message>
    <message>
        <source>stall</source>
        <translation>Stau</translation>
    </message>
    <message>
        <source>size of the small discards (default 64K)</source>
        <translation>Größe der kleinen Discards (Standard 64K)</translation>
    </message>
    <message>
        <source>size of the medium discards (default 8M)</source>
        <translation>Größe der mittleren Discards (Standard 8M)</translation>
    </message>
    <message>
        <source>the discard region, discarded whole in the last phase (default up to 4G)</source>
        <translation>der Discard-Bereich, in der letzten Phase als Ganzes verworfen (Standard bis 4G)</translation>
    </message>
    <message>
        <source>where the reads go (default up to 1G)</source>
        <translation>wohin die Lesevorgänge gehen (Standard bis 1G)</translation>
    </message>
    <message>
        <source>small and medium discards each (default 5)</source>
        <translation>je so viele kleine und mittlere Discards (Standard 5)</translation>
    </message>
    <message>
        <source>whole-region discards (default 1)</source>
        <translation>Discards des ganzen Bereichs (Standard 1)</translation>
    </message>
    <message>
        <source>seconds of reads alone first (default 5)</source>
        <translation>Sekunden nur Lesen vorweg (Standard 5)</translation>
    </message>
    <message>
        <source>seconds of reads alone after each discard (default 1)</source>
        <translation>Sekunden nur Lesen nach jedem Discard (Standard 1)</translation>
    </message>
    <message>
        <source>pass/fail limit on any I/O&apos;s latency (default 0.5)</source>
        <translation>Grenze für die Latenz jedes Zugriffs, bestanden/nicht bestanden (Standard 0.5)</translation>
    </message>
    <message>
        <source>a third of the I/O as random writes</source>
        <translation>ein Drittel der Zugriffe als zufällige Schreibvorgänge</translation>
    </message>
    <message>
        <source>do not write the regions first</source>
        <translation>die Bereiche vorher nicht beschreiben</translation>
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
        <source>the stall test</source>
        <translation>der Stall-Test</translation>
    </message>
    <message>
        <source>Stall test</source>
        <translation>Stall-Test</translation>
    </message>
    <message>
        <source>added: what the I/O in flight during one discard lost (median); stall: the longest I/O after a discard began
</source>
        <translation>zusätzl.: was die während eines Discards laufenden Zugriffe verloren (Median); Stau: der längste Zugriff nach Beginn eines Discards
</translation>
    </message>
    <message>
        <source>simulated drive</source>
        <translation>simuliertes Laufwerk</translation>
    </message>
</context>
<context>
    <name>CliSweep</name>
    <message>
        <source>adaptive (median ±%1 %)%2</source>
        <translation>adaptiv (Median ±%1 %)%2</translation>
    </message>
    <message>
        <source> within %1</source>
        <translation> innerhalb von %1</translation>
    </message>
    <message>
        <source>Every size reached its target of ±%1 %.
</source>
        <translation>Jede Größe hat ihr Ziel von ±%1 % erreicht.
</translation>
    </message>
    <message>
        <source>TARGET NOT REACHED for %1 of %2 sizes (marked !):
</source>
        <translation>ZIEL NICHT ERREICHT bei %1 von %2 Größen (mit ! markiert):
</translation>
    </message>
    <message>
        <source>The time budget of %1 ran out after %2 discards.
</source>
        <translation>Das Zeitbudget von %1 war nach %2 Discards aufgebraucht.
</translation>
    </message>
    <message>
        <source>Data:  %1
</source>
        <translation>Daten: %1
</translation>
    </message>
    <message>
        <source>Empty space: %1
</source>
        <translation>Leerer Bereich: %1
</translation>
    </message>
    <message>
        <source>Of them, %1 timed the sizes and %2 checked empty space.
</source>
        <translation>Davon maßen %1 die Größen und %2 prüften leeren Speicher.
</translation>
    </message>
</context>
<context>
    <name>CliWatch</name>
    <message>
        <source>Discards served by %1 (%2) since boot, %3 ago:
</source>
        <translation>Discards, die %1 (%2) seit dem Start vor %3 bedient hat:
</translation>
    </message>
    <message>
        <source>Discards served by %1 (%2) over %3:
</source>
        <translation>Discards, die %1 (%2) in %3 bedient hat:
</translation>
    </message>
    <message>
        <source>DEVICE</source>
        <translation>GERÄT</translation>
    </message>
    <message>
        <source>DISCARDS</source>
        <translation>DISCARDS</translation>
    </message>
    <message>
        <source>BYTES</source>
        <translation>BYTES</translation>
    </message>
    <message>
        <source>AVERAGE</source>
        <translation>MITTEL</translation>
    </message>
    <message>
        <source>DEVICE TIME</source>
        <translation>GERÄTEZEIT</translation>
    </message>
    <message>
        <source>PER DISCARD</source>
        <translation>JE DISCARD</translation>
    </message>
    <message>
        <source>OF PERIOD</source>
        <translation>ANTEIL</translation>
    </message>
    <message>
        <source>MOUNTED AT</source>
        <translation>EINGEHÄNGT IN</translation>
    </message>
    <message>
        <source>Every discard the kernel sent to the device counts, whoever sent it (online discard, fstrim, mkfs).
Device time sums each discard&apos;s time from issue to completion: discards queued together can pass 100 %.
</source>
        <translation>Jeder Discard, den der Kernel ans Gerät schickte, zählt, gleich von wem (Online-Discard, fstrim, mkfs).
Die Gerätezeit summiert die Zeit jedes Discards vom Absenden bis zum Abschluss: gemeinsam eingereihte Discards können 100 % übersteigen.
</translation>
    </message>
    <message>
        <source>Watching %1</source>
        <translation>Beobachte %1</translation>
    </message>
    <message numerus="yes">
        <source>%n discard(s) so far</source>
        <translation>
            <numerusform>%n Discard bisher</numerusform>
            <numerusform>%n Discards bisher</numerusform>
        </translation>
    </message>
    <message>
        <source>Watch for DURATION (90, 90s, 10m, 2h) instead of reading the counters since boot</source>
        <translation>DAUER lang beobachten (90, 90s, 10m, 2h), statt die Zähler seit dem Start zu lesen</translation>
    </message>
    <message>
        <source>Write the figures as JSON to FILE</source>
        <translation>Die Zahlen als JSON in DATEI schreiben</translation>
    </message>
    <message>
        <source>watch takes one DEVICE or mounted directory</source>
        <translation>watch nimmt ein GERÄT oder ein eingehängtes Verzeichnis</translation>
    </message>
    <message>
        <source>--for takes a duration up to a week, such as 90, 90s, 10m or 2h, not &apos;%1&apos;</source>
        <translation>--for nimmt eine Dauer bis zu einer Woche wie 90, 90s, 10m oder 2h, nicht „%1“</translation>
    </message>
    <message>
        <source>Watching %1 for %2 (Ctrl+C ends it early)…</source>
        <translation>Beobachte %1 für %2 (Strg+C beendet früher)…</translation>
    </message>
    <message>
        <source>btrfs at %1 (%2): %3 in %4 extent(s) freed and not yet discarded; %5 discarded as extents, %6 from bitmaps, %7 not discarded because it was reused first; at most %8 discards a second%9, up to %10 each.
</source>
        <translation>btrfs auf %1 (%2): %3 in %4 Bereich(en) freigegeben und noch nicht verworfen; %5 als Bereiche verworfen, %6 aus Bitmaps, %7 nicht verworfen, weil vorher wiederverwendet; höchstens %8 Discards je Sekunde%9, bis zu %10 je Discard.
</translation>
    </message>
    <message>
        <source>online discard on</source>
        <translation>Online-Discard an</translation>
    </message>
    <message>
        <source>online discard off</source>
        <translation>Online-Discard aus</translation>
    </message>
    <message>
        <source> and %1 a second</source>
        <translation> und %1 je Sekunde</translation>
    </message>
    <message>
        <source>Not this device&apos;s own history: %1.
</source>
        <translation>Nicht die eigene Geschichte dieses Geräts: %1.
</translation>
    </message>
    <message>
        <source>  Its async discard is throttled by %1: echo %2 | sudo tee /sys/fs/btrfs/%3/discard/%1 (see trimscope-cli audit).
</source>
        <translation>  Sein asynchrones Discard wird von %1 gebremst: echo %2 | sudo tee /sys/fs/btrfs/%3/discard/%1 (siehe trimscope-cli audit).
</translation>
    </message>
    <message>
        <source>Discards served by %1 (%2) since it appeared, %3 ago:
</source>
        <translation>Von %1 (%2) ausgeführte Discards, seit es erschienen ist, vor %3:
</translation>
    </message>
</context>
<context>
    <name>Diagnose</name>
    <message>
        <source>no health data: %1</source>
        <translation>keine Zustandsdaten: %1</translation>
    </message>
    <message>
        <source>a simulated drive has no health data</source>
        <translation>ein simuliertes Laufwerk hat keine Zustandsdaten</translation>
    </message>
    <message>
        <source>the kernel accepts no discard for %1 (discard_max_bytes is 0): no TRIM</source>
        <translation>der Kernel nimmt für %1 keinen Discard an (discard_max_bytes ist 0): kein TRIM</translation>
    </message>
    <message>
        <source>the drive reports no TRIM support</source>
        <translation>das Laufwerk meldet keine TRIM-Unterstützung</translation>
    </message>
    <message>
        <source>TRIM supported: discards up to %1, in units of %2</source>
        <translation>TRIM unterstützt: Discards bis %1, in Einheiten von %2</translation>
    </message>
    <message>
        <source>; stopped at its time budget of %1</source>
        <translation>; bei seinem Zeitbudget von %1 angehalten</translation>
    </message>
    <message>
        <source>%1 files, %2</source>
        <translation>%1 Dateien, %2</translation>
    </message>
    <message>
        <source>%1 with online discard deleted trees of %2</source>
        <translation>%1 mit Online-Discard löschten Bäume von %2</translation>
    </message>
    <message>
        <source> and </source>
        <translation> und </translation>
    </message>
    <message>
        <source>From the phases that ran: </source>
        <translation>Aus den gelaufenen Phasen: </translation>
    </message>
    <message>
        <source>the drive has no TRIM</source>
        <translation>das Laufwerk hat kein TRIM</translation>
    </message>
    <message>
        <source>none of %1 can be made here (mkfs is not installed)</source>
        <translation>keines von %1 lässt sich hier anlegen (mkfs ist nicht installiert)</translation>
    </message>
    <message>
        <source>%1 is too small for even the smallest tree of the experiment</source>
        <translation>%1 ist selbst für den kleinsten Baum des Experiments zu klein</translation>
    </message>
    <message>
        <source>a simulated drive has no filesystems: the advice prices the deletes recorded on a current kernel with its TRIM curve, within their margin</source>
        <translation>ein simuliertes Laufwerk hat keine Dateisysteme: der Rat bewertet die auf einem aktuellen Kernel aufgezeichneten Löschvorgänge mit seiner TRIM-Kurve, innerhalb ihrer Spanne</translation>
    </message>
    <message>
        <source>; its time budget shortened from %1 to %2: %3 of the budget was left</source>
        <translation>; sein Zeitbudget von %1 auf %2 gekürzt: vom Budget waren noch %3 übrig</translation>
    </message>
    <message numerus="yes">
        <source>%Ln size(s) measured with %1 discards</source>
        <translation>
            <numerusform>%Ln Größe mit %1 Discards gemessen</numerusform>
            <numerusform>%Ln Größen mit %1 Discards gemessen</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Diagnosis</name>
    <message>
        <source>Identity, health and TRIM support</source>
        <translation>Identität, Zustand und TRIM-Unterstützung</translation>
    </message>
    <message>
        <source>Background-TRIM probe</source>
        <translation>Hintergrund-TRIM-Test</translation>
    </message>
    <message>
        <source>TRIM sweep</source>
        <translation>TRIM-Durchlauf</translation>
    </message>
    <message>
        <source>Filesystem experiment</source>
        <translation>Dateisystem-Experiment</translation>
    </message>
    <message>
        <source>Advice</source>
        <translation>Rat</translation>
    </message>
    <message>
        <source>done</source>
        <translation>fertig</translation>
    </message>
    <message>
        <source>skipped</source>
        <translation>übersprungen</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>fehlgeschlagen</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>abgebrochen</translation>
    </message>
    <message>
        <source>not run</source>
        <translation>nicht gelaufen</translation>
    </message>
    <message>
        <source>the budget must be between %1 and %2 minutes</source>
        <translation>das Budget muss zwischen %1 und %2 Minuten liegen</translation>
    </message>
</context>
<context>
    <name>DiscardWatch</name>
    <message>
        <source>btrfs&apos;s discard counters of %1 are missing or not numbers</source>
        <translation>die Discard-Zähler von btrfs für %1 fehlen oder sind keine Zahlen</translation>
    </message>
    <message>
        <source>no mounted btrfs uses %1</source>
        <translation>kein eingehängtes btrfs nutzt %1</translation>
    </message>
    <message>
        <source>this kernel keeps no btrfs discard counters (Linux 5.6+ does)</source>
        <translation>dieser Kernel führt keine Discard-Zähler für btrfs (Linux 5.6+ tut es)</translation>
    </message>
    <message>
        <source>it names no drive or no devices</source>
        <translation>es nennt kein Laufwerk oder keine Geräte</translation>
    </message>
    <message>
        <source>not an object</source>
        <translation>kein Objekt</translation>
    </message>
    <message>
        <source>not a device name</source>
        <translation>kein Gerätename</translation>
    </message>
    <message>
        <source>not more than 0</source>
        <translation>nicht größer als 0</translation>
    </message>
    <message>
        <source>cannot create the folder of %1</source>
        <translation>der Ordner von %1 kann nicht angelegt werden</translation>
    </message>
    <message>
        <source>%1 can change its medium (a loop device attached again, a disc or card swapped) while the kernel keeps its counters, so those since boot may hold what earlier media were sent; watch it over a period to count its own</source>
        <translation>%1 kann sein Medium wechseln (ein erneut angebundenes Loop-Gerät, eine getauschte Disc oder Karte), während der Kernel seine Zähler behält; die Zähler seit dem Start können also enthalten, was früheren Medien gesendet wurde; beobachten Sie es über einen Zeitraum, um seine eigenen zu zählen</translation>
    </message>
    <message>
        <source>%1 can change its medium while the kernel keeps its counters, and this is the first look at its present one, so its counters since boot may hold earlier media&apos;s discards; its own are counted from now (%2): look again later</source>
        <translation>%1 kann sein Medium wechseln, während der Kernel seine Zähler behält, und dies ist der erste Blick auf das jetzige; seine Zähler seit dem Start können also Discards früherer Medien enthalten; seine eigenen werden ab jetzt (%2) gezählt: sehen Sie später wieder nach</translation>
    </message>
    <message>
        <source>Counted since %1, when this attachment of %2 was first seen; it had discarded nothing before.</source>
        <translation>Gezählt seit %1, als diese Anbindung von %2 zum ersten Mal gesehen wurde; davor hatte sie nichts verworfen.</translation>
    </message>
    <message>
        <source>Counted since %1, when this attachment of %2 was first seen: its counters since boot hold earlier media&apos;s discards too, and what it was sent before %1 is not known.</source>
        <translation>Gezählt seit %1, als diese Anbindung von %2 zum ersten Mal gesehen wurde: Ihre Zähler seit dem Start enthalten auch Discards früherer Medien, und was ihr vor %1 gesendet wurde, ist nicht bekannt.</translation>
    </message>
    <message>
        <source>Counted since %1, when %2 appeared (udev&apos;s record): its counters began with it.</source>
        <translation>Gezählt seit %1, als %2 erschien (laut udev): Seine Zähler begannen mit ihm.</translation>
    </message>
    <message>
        <source>the medium of %1 changed during the period (a loop device attached again, a disc or card swapped), so some of these discards went to the one before; watch it again</source>
        <translation>das Medium von %1 wechselte während des Zeitraums (ein erneut angebundenes Loop-Gerät, eine getauschte Disc oder Karte), ein Teil dieser Discards ging also an das vorige; beobachten Sie es erneut</translation>
    </message>
</context>
<context>
    <name>DriveInfo</name>
    <message>
        <source>%1 (simulated)</source>
        <translation>%1 (simuliert)</translation>
    </message>
    <message>
        <source>OCZ Agility 3-like SSD</source>
        <translation>SSD ähnlich OCZ Agility 3</translation>
    </message>
    <message>
        <source>Corsair Performance Pro-like SSD</source>
        <translation>SSD ähnlich Corsair Performance Pro</translation>
    </message>
    <message>
        <source>Intel 320-like SSD</source>
        <translation>SSD ähnlich Intel 320</translation>
    </message>
    <message>
        <source>Background-trimming SSD</source>
        <translation>SSD mit Hintergrund-TRIM</translation>
    </message>
    <message>
        <source>SSD without TRIM</source>
        <translation>SSD ohne TRIM</translation>
    </message>
    <message>
        <source>Loop device</source>
        <translation>Loop-Gerät</translation>
    </message>
    <message>
        <source>Virtio disk</source>
        <translation>Virtio-Laufwerk</translation>
    </message>
</context>
<context>
    <name>DriveUsage</name>
    <message>
        <source>%1 mounted at %2</source>
        <translation>%1 eingehängt unter %2</translation>
    </message>
    <message>
        <source>swap on %1</source>
        <translation>Swap auf %1</translation>
    </message>
    <message>
        <source>held by %1</source>
        <translation>belegt von %1</translation>
    </message>
    <message>
        <source>holds the root file system</source>
        <translation>enthält das Wurzeldateisystem</translation>
    </message>
    <message>
        <source>no</source>
        <translation>nein</translation>
    </message>
</context>
<context>
    <name>ErrorWords</name>
    <message>
        <source>Invalid request.</source>
        <translation>Ungültige Anfrage.</translation>
    </message>
    <message>
        <source>No such drive.</source>
        <translation>Laufwerk nicht vorhanden.</translation>
    </message>
    <message>
        <source>Not a drive (not a block device).</source>
        <translation>Kein Laufwerk (kein Blockgerät).</translation>
    </message>
    <message>
        <source>The drive is busy: another job runs on it.</source>
        <translation>Das Laufwerk ist beschäftigt: Darauf läuft bereits ein anderer Auftrag.</translation>
    </message>
    <message>
        <source>The drive is in use (mounted, or part of a RAID, LVM or swap).</source>
        <translation>Das Laufwerk wird verwendet (eingehängt oder Teil eines RAID, LVM oder Swap).</translation>
    </message>
    <message>
        <source>The drive does not support discard (TRIM).</source>
        <translation>Das Laufwerk unterstützt kein Discard (TRIM).</translation>
    </message>
    <message>
        <source>Input/output error.</source>
        <translation>Ein-/Ausgabefehler.</translation>
    </message>
    <message>
        <source>Cancelled.</source>
        <translation>Abgebrochen.</translation>
    </message>
    <message>
        <source>Permission denied.</source>
        <translation>Zugriff verweigert.</translation>
    </message>
    <message>
        <source>Not supported for this drive.</source>
        <translation>Für dieses Laufwerk nicht unterstützt.</translation>
    </message>
    <message>
        <source>“%1” could not be read: %2</source>
        <translation>„%1“ konnte nicht gelesen werden: %2</translation>
    </message>
    <message>
        <source>“%1” is not a TrimScope result: it holds no JSON data.</source>
        <translation>„%1“ ist kein TrimScope-Ergebnis: Die Datei enthält keine JSON-Daten.</translation>
    </message>
    <message>
        <source>“%1” holds JSON data, but not a result TrimScope wrote.</source>
        <translation>„%1“ enthält JSON-Daten, aber kein Ergebnis, das TrimScope geschrieben hat.</translation>
    </message>
    <message>
        <source>“%1” was written by another program; TrimScope cannot read it.</source>
        <translation>„%1“ stammt von einem anderen Programm; TrimScope kann die Datei nicht lesen.</translation>
    </message>
    <message>
        <source>“%1” is a TrimScope result this version cannot read (it may be damaged or come from a newer TrimScope). Details: %2</source>
        <translation>„%1“ ist ein TrimScope-Ergebnis, das diese Version nicht lesen kann (beschädigt oder von einem neueren TrimScope). Einzelheiten: %2</translation>
    </message>
    <message>
        <source>“%1” holds a %2 result, not a %3. Open it with File › Open result…: every result goes to its own tab.</source>
        <translation>„%1“ enthält ein %2-Ergebnis, keinen %3. Öffnen Sie die Datei mit Datei › Ergebnis öffnen…: Jedes Ergebnis kommt in seinen eigenen Reiter.</translation>
    </message>
    <message>
        <source>“%1” is cut short: its JSON data ends before it is complete (a copy that did not finish, or a disk that filled up).</source>
        <translation>„%1“ ist abgeschnitten: Seine JSON-Daten enden, bevor sie vollständig sind (eine Kopie, die nicht fertig wurde, oder ein volles Laufwerk).</translation>
    </message>
    <message>
        <source>“%1” is damaged: its JSON data is broken at byte %2 of %3.</source>
        <translation>„%1“ ist beschädigt: Seine JSON-Daten sind bei Byte %2 von %3 fehlerhaft.</translation>
    </message>
    <message>
        <source>Wrong passphrase: it opens none of the encrypted device&apos;s key slots.</source>
        <translation>Falsche Passphrase: Sie öffnet keinen der Schlüsselplätze des verschlüsselten Geräts.</translation>
    </message>
    <message>
        <source>Not authorized: polkit wants an administrator password, and no authentication agent is running to ask you for it. Start TrimScope from a desktop session (its agent shows the password dialog), or run “pkttyagent --process %1” in a terminal and try again, or use trimscope-cli with sudo. (%2)</source>
        <translation>Nicht berechtigt: polkit verlangt ein Administratorpasswort, aber kein Authentifizierungsagent läuft, der Sie danach fragen könnte. Starten Sie TrimScope aus einer Desktop-Sitzung (deren Agent zeigt den Passwortdialog), oder führen Sie „pkttyagent --process %1“ in einem Terminal aus und versuchen Sie es erneut, oder verwenden Sie trimscope-cli mit sudo. (%2)</translation>
    </message>
    <message>
        <source>Not authorized: polkit wants an administrator password, and no authentication agent is running to ask you for it. TrimScope runs in a Flatpak sandbox: start it from a desktop session whose authentication agent shows the password dialog (most desktops start one at login), or use trimscope-cli with sudo on the host. (%1)</source>
        <translation>Nicht berechtigt: polkit verlangt ein Administratorpasswort, aber kein Authentifizierungsagent läuft, der Sie danach fragen könnte. TrimScope läuft in einer Flatpak-Sandbox: Starten Sie es aus einer Desktop-Sitzung, deren Authentifizierungsagent den Passwortdialog zeigt (die meisten Desktops starten einen bei der Anmeldung), oder verwenden Sie trimscope-cli mit sudo auf dem Computer selbst. (%1)</translation>
    </message>
    <message>
        <source>Not authorized: polkit did not allow it.</source>
        <translation>Nicht berechtigt: polkit hat es nicht erlaubt.</translation>
    </message>
    <message>
        <source>Not authorized: you cancelled the password prompt, so nothing was changed.</source>
        <translation>Nicht berechtigt: Sie haben die Passwortabfrage abgebrochen, daher wurde nichts geändert.</translation>
    </message>
    <message>
        <source>Not authorized: this computer&apos;s polkit policy, set by its administrator, forbids this to your user, and no password can change that. Ask the administrator to allow it with a polkit rule, or run trimscope-cli as root. (%1)</source>
        <translation>Nicht berechtigt: Die polkit-Richtlinie dieses Computers, von seinem Administrator festgelegt, verbietet dies Ihrem Benutzer, und kein Passwort kann daran etwas ändern. Bitten Sie den Administrator, es mit einer polkit-Regel zu erlauben, oder führen Sie trimscope-cli als root aus. (%1)</translation>
    </message>
    <message>
        <source>Not authorized: the password was not accepted (polkit&apos;s authentication failed), so nothing was changed. Try again with the password polkit asks for. (%1)</source>
        <translation>Nicht berechtigt: Das Passwort wurde nicht angenommen (die Authentifizierung bei polkit ist fehlgeschlagen), daher wurde nichts geändert. Versuchen Sie es erneut mit dem Passwort, nach dem polkit fragt. (%1)</translation>
    </message>
</context>
<context>
    <name>ExperimentText</name>
    <message>
        <source>skipped: %1 of the budget was left, too little for even the smallest trees (about %2, written at %3/s, with their deletes&apos; discards); the advice prices the deletes recorded on a current kernel with its TRIM curve</source>
        <translation>übersprungen: vom Budget waren noch %1 übrig, zu wenig selbst für die kleinsten Bäume (etwa %2, geschrieben mit %3/s, samt den Discards ihrer Löschvorgänge); der Rat bewertet die auf einem aktuellen Kernel aufgezeichneten Löschvorgänge mit seiner TRIM-Kurve</translation>
    </message>
    <message>
        <source>trees shortened from %1 to %2 files: %3 of the budget was left, and the planned trees would have taken about %4, written at %5/s, with their deletes&apos; discards</source>
        <translation>Bäume von %1 auf %2 Dateien gekürzt: vom Budget waren noch %3 übrig, und die geplanten Bäume hätten etwa %4 gedauert, geschrieben mit %5/s, samt den Discards ihrer Löschvorgänge</translation>
    </message>
    <message>
        <source>the larger tree shortened from %1 to %2 files: it would have taken about %3, %4 was left</source>
        <translation>der größere Baum von %1 auf %2 Dateien gekürzt: er hätte etwa %3 gedauert, %4 waren übrig</translation>
    </message>
    <message>
        <source>the larger tree (%1 files) skipped: it would have taken about %2, %3 was left</source>
        <translation>der größere Baum (%1 Dateien) übersprungen: er hätte etwa %2 gedauert, %3 waren übrig</translation>
    </message>
</context>
<context>
    <name>FioText</name>
    <message>
        <source>fio is not installed (Debian package &apos;fio&apos;)</source>
        <translation>fio ist nicht installiert (Debian-Paket „fio“)</translation>
    </message>
</context>
<context>
    <name>FsBenchPlan</name>
    <message>
        <source>unknown filesystem &apos;%1&apos; (known: %2)</source>
        <translation>unbekanntes Dateisystem &apos;%1&apos; (bekannt: %2)</translation>
    </message>
    <message>
        <source>the filesystem &apos;%1&apos; is named twice</source>
        <translation>das Dateisystem &apos;%1&apos; ist doppelt angegeben</translation>
    </message>
</context>
<context>
    <name>FsResultView</name>
    <message>
        <source>Delete</source>
        <translation>Löschen</translation>
    </message>
    <message>
        <source>Settle</source>
        <translation>Nachlauf</translation>
    </message>
    <message>
        <source>fstrim</source>
        <translation>fstrim</translation>
    </message>
    <message>
        <source>%1, %2</source>
        <translation>%1, %2</translation>
    </message>
    <message>
        <source>complete</source>
        <translation>vollständig</translation>
    </message>
    <message>
        <source>incomplete (%1)</source>
        <translation>unvollständig (%1)</translation>
    </message>
    <message>
        <source>discard on</source>
        <translation>discard an</translation>
    </message>
    <message>
        <source>discard off</source>
        <translation>discard aus</translation>
    </message>
    <message>
        <source>discard=async</source>
        <translation>discard=async</translation>
    </message>
    <message>
        <source>Delete workload on %1: a tree of %2 files, %3; %4.</source>
        <translation>Lösch-Last auf %1: ein Baum aus %2 Dateien, %3; %4.</translation>
    </message>
    <message>
        <source>Deleting a tree: time per phase</source>
        <translation>Löschen eines Baums: Zeit pro Phase</translation>
    </message>
    <message>
        <source>Seconds</source>
        <translation>Sekunden</translation>
    </message>
    <message>
        <source>Filesystem</source>
        <translation>Dateisystem</translation>
    </message>
    <message>
        <source>Mount</source>
        <translation>Einhängen</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>Delete cost</source>
        <translation>Löschkosten</translation>
    </message>
    <message>
        <source>Discards</source>
        <translation>Discards</translation>
    </message>
    <message>
        <source>Average discard</source>
        <translation>Mittlerer Discard</translation>
    </message>
    <message>
        <source>measured</source>
        <translation>gemessen</translation>
    </message>
    <message>
        <source>mkfs with and without its whole-device discard on %1; %2.</source>
        <translation>mkfs mit und ohne seinen Discard des ganzen Geräts auf %1; %2.</translation>
    </message>
    <message>
        <source>mkfs time with and without discard</source>
        <translation>mkfs-Dauer mit und ohne Discard</translation>
    </message>
    <message>
        <source>mkfs</source>
        <translation>mkfs</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>Zeit</translation>
    </message>
    <message>
        <source>Discarded</source>
        <translation>Verworfen</translation>
    </message>
    <message>
        <source>simulated</source>
        <translation>simuliert</translation>
    </message>
    <message>
        <source>Sync</source>
        <translation>Sync</translation>
    </message>
    <message>
        <source>Simulated, not measured: no filesystem was made; the discards each filesystem is recorded to send were replayed against this drive&apos;s latency model.</source>
        <translation>Simuliert, nicht gemessen: Es wurde kein Dateisystem angelegt; die Discards, die jedes Dateisystem laut Aufzeichnung sendet, wurden gegen das Latenzmodell dieses Laufwerks nachgespielt.</translation>
    </message>
    <message>
        <source>Deleting a tree (simulated): time per phase</source>
        <translation>Löschen eines Baums (simuliert): Zeit pro Phase</translation>
    </message>
</context>
<context>
    <name>FstrimTiming</name>
    <message>
        <source>%1 (%2) does not support FITRIM: %3</source>
        <translation>%1 (%2) unterstützt kein FITRIM: %3</translation>
    </message>
    <message>
        <source>trimming %1 needs root: %2</source>
        <translation>das Trimmen von %1 braucht root: %2</translation>
    </message>
    <message>
        <source>FITRIM on %1 failed: %2</source>
        <translation>FITRIM auf %1 ist fehlgeschlagen: %2</translation>
    </message>
    <message>
        <source>cannot open %1: %2</source>
        <translation>%1 kann nicht geöffnet werden: %2</translation>
    </message>
    <message>
        <source>%1 no longer leads to the filesystem %2: nothing was trimmed</source>
        <translation>%1 führt nicht mehr zum Dateisystem %2: nichts wurde getrimmt</translation>
    </message>
    <message>
        <source>%1 is not a directory that can be opened: %2</source>
        <translation>%1 ist kein Verzeichnis, das sich öffnen lässt: %2</translation>
    </message>
    <message>
        <source>cannot tell which filesystem %1 is on</source>
        <translation>es lässt sich nicht sagen, auf welchem Dateisystem %1 liegt</translation>
    </message>
    <message>
        <source>%1 (%2 from %3) is not on a block device</source>
        <translation>%1 (%2 von %3) liegt auf keinem Blockgerät</translation>
    </message>
    <message>
        <source>the devices under %1 are not known to the kernel&apos;s block layer: nothing was trimmed</source>
        <translation>die Geräte unter %1 sind der Blockschicht des Kernels nicht bekannt: nichts wurde getrimmt</translation>
    </message>
    <message>
        <source>%1 does not pass discards on to the drive, so fstrim on %2 would time nothing: nothing was trimmed (trimscope-cli audit says how to let discards through)</source>
        <translation>%1 gibt Discards nicht an das Laufwerk weiter, also würde fstrim auf %2 nichts messen: nichts wurde getrimmt (trimscope-cli audit sagt, wie Discards durchkommen)</translation>
    </message>
    <message>
        <source>no filesystem with device number %1 is mounted</source>
        <translation>kein Dateisystem mit der Gerätenummer %1 ist eingehängt</translation>
    </message>
    <message>
        <source>the filesystem %1 (%2) is not on %3</source>
        <translation>das Dateisystem %1 (%2) liegt nicht auf %3</translation>
    </message>
    <message>
        <source>cannot read the size of %1</source>
        <translation>die Größe von %1 lässt sich nicht lesen</translation>
    </message>
    <message>
        <source>no filesystem given: its device number is 0:0</source>
        <translation>kein Dateisystem angegeben: seine Gerätenummer ist 0:0</translation>
    </message>
    <message>
        <source>a piece must be a whole number of MiB, at most 1 TiB, not %1</source>
        <translation>ein Stück muss eine ganze Zahl von MiB sein, höchstens 1 TiB, nicht %1</translation>
    </message>
    <message>
        <source>the minimum extent may be at most 1 GiB, not %1</source>
        <translation>der kleinste Bereich darf höchstens 1 GiB sein, nicht %1</translation>
    </message>
    <message>
        <source>it names no filesystem or no pieces</source>
        <translation>es nennt kein Dateisystem oder keine Stücke</translation>
    </message>
    <message>
        <source>piece %1&apos;s tail (discards after FITRIM returned) is not one a run can measure</source>
        <translation>der Nachlauf von Stück %1 (Discards nach der Rückkehr von FITRIM) ist keiner, den ein Lauf messen kann</translation>
    </message>
    <message>
        <source>not an object</source>
        <translation>kein Objekt</translation>
    </message>
    <message>
        <source>negative</source>
        <translation>negativ</translation>
    </message>
</context>
<context>
    <name>HealthDevice</name>
    <message>
        <source>%1 is a loop device: a stand-in for a file has no SMART or NVMe health; read the health of the drive that holds the file</source>
        <translation>%1 ist ein Loop-Gerät: Ein Stellvertreter für eine Datei hat keinen SMART- oder NVMe-Zustand; lesen Sie den Zustand des Laufwerks, das die Datei enthält</translation>
    </message>
    <message>
        <source>%1 is a virtual block device (%2): it has no SMART or NVMe health of its own; read the health of the drive beneath it</source>
        <translation>%1 ist ein virtuelles Blockgerät (%2): Es hat keinen eigenen SMART- oder NVMe-Zustand; lesen Sie den Zustand des Laufwerks darunter</translation>
    </message>
    <message>
        <source>%1 is a virtio disk: the virtual machine&apos;s host passes it no SMART or NVMe health; read the health on the host</source>
        <translation>%1 ist eine virtio-Platte: Der Host der virtuellen Maschine reicht ihr keinen SMART- oder NVMe-Zustand durch; lesen Sie den Zustand auf dem Host</translation>
    </message>
    <message>
        <source>%1 is an MMC or SD card: it has no SMART or NVMe health</source>
        <translation>%1 ist eine MMC- oder SD-Karte: Sie hat keinen SMART- oder NVMe-Zustand</translation>
    </message>
    <message>
        <source>%1 %2: %3 (the device refused it; this ran as root, so no privilege was missing)</source>
        <translation>%1 %2: %3 (das Gerät hat es abgelehnt; dies lief als root, es fehlte also kein Recht)</translation>
    </message>
    <message>
        <source>%1 %2: %3 (reading health needs root)</source>
        <translation>%1 %2: %3 (den Zustand zu lesen braucht root)</translation>
    </message>
    <message>
        <source>%1 %2: %3 (the filesystem holding this node is mounted nodev: no device node on it opens, not even for root)</source>
        <translation>%1 %2: %3 (das Dateisystem mit diesem Knoten ist mit nodev eingehängt: kein Geräteknoten darauf lässt sich öffnen, auch nicht als root)</translation>
    </message>
</context>
<context>
    <name>HealthTab</name>
    <message>
        <source>unknown</source>
        <translation>unbekannt</translation>
    </message>
    <message>
        <source>%1:</source>
        <comment>a label before its value</comment>
        <translation>%1:</translation>
    </message>
</context>
<context>
    <name>HealthWords</name>
    <message>
        <source>%1 years</source>
        <translation>%1 Jahre</translation>
    </message>
    <message>
        <source>%1 months</source>
        <translation>%1 Monate</translation>
    </message>
    <message>
        <source>%1 days</source>
        <translation>%1 Tage</translation>
    </message>
    <message>
        <source>%1 h</source>
        <translation>%1 h</translation>
    </message>
    <message>
        <source>%1 min</source>
        <translation>%1 min</translation>
    </message>
    <message>
        <source>%1 °C</source>
        <translation>%1 °C</translation>
    </message>
    <message>
        <source>not reported</source>
        <translation>nicht gemeldet</translation>
    </message>
    <message>
        <source>good</source>
        <translation>gut</translation>
    </message>
    <message>
        <source>an attribute was below its threshold in the past</source>
        <translation>ein Attribut lag früher unter seinem Schwellwert</translation>
    </message>
    <message>
        <source>bad sectors</source>
        <translation>defekte Sektoren</translation>
    </message>
    <message>
        <source>an attribute is below its threshold now</source>
        <translation>ein Attribut liegt jetzt unter seinem Schwellwert</translation>
    </message>
    <message>
        <source>many bad sectors</source>
        <translation>viele defekte Sektoren</translation>
    </message>
    <message>
        <source>the drive reports that it is failing</source>
        <translation>das Laufwerk meldet, dass es ausfällt</translation>
    </message>
    <message>
        <source>the drive reports a critical warning</source>
        <translation>das Laufwerk meldet eine kritische Warnung</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>unbekannt</translation>
    </message>
    <message>
        <source>cell type %1: %2 rated program/erase cycles</source>
        <translation>Zelltyp %1: %2 angegebene P/E-Zyklen</translation>
    </message>
    <message>
        <source>write amplification %1</source>
        <translation>Schreibverstärkung %1</translation>
    </message>
    <message>
        <source>writes per power-on day stand for writes per calendar day</source>
        <translation>Schreibmenge pro Betriebstag gilt als Schreibmenge pro Kalendertag</translation>
    </message>
    <message>
        <source>the capacity is unknown</source>
        <translation>die Kapazität ist unbekannt</translation>
    </message>
    <message>
        <source>the write rate is unknown (no host-write counter or no power-on time)</source>
        <translation>die Schreibrate ist unbekannt (kein Zähler geschriebener Daten oder keine Betriebszeit)</translation>
    </message>
    <message>
        <source>rated cycles and write amplification must be positive</source>
        <translation>angegebene Zyklen und Schreibverstärkung müssen positiv sein</translation>
    </message>
    <message>
        <source>no writes recorded yet</source>
        <translation>noch keine Schreibvorgänge erfasst</translation>
    </message>
    <message>
        <source>the write rate is too small to extrapolate</source>
        <translation>die Schreibrate ist zu klein zum Hochrechnen</translation>
    </message>
    <message numerus="yes">
        <source>%Ln sector(s)</source>
        <translation>
            <numerusform>%Ln Sektor</numerusform>
            <numerusform>%Ln Sektoren</numerusform>
        </translation>
    </message>
    <message>
        <source>After TRIM</source>
        <translation>Nach TRIM</translation>
    </message>
    <message>
        <source>Kernel</source>
        <translation>Kernel</translation>
    </message>
    <message>
        <source>a read returns zeroes (DRAT and RZAT; the kernel trusts them: libata ZERO_AFTER_TRIM)</source>
        <translation>Lesen liefert Nullen (DRAT und RZAT; der Kernel vertraut ihnen: libata ZERO_AFTER_TRIM)</translation>
    </message>
    <message>
        <source>a read returns zeroes, the drive says (DRAT and RZAT), but the kernel does not trust it (not in libata&apos;s ZERO_AFTER_TRIM list)</source>
        <translation>Lesen liefert Nullen, sagt das Laufwerk (DRAT und RZAT), aber der Kernel glaubt es nicht (nicht in libatas ZERO_AFTER_TRIM-Liste)</translation>
    </message>
    <message>
        <source>a read returns the same data every time (DRAT), not necessarily zeroes</source>
        <translation>Lesen liefert jedes Mal dieselben Daten (DRAT), nicht unbedingt Nullen</translation>
    </message>
    <message>
        <source>what a read returns is not determined (no DRAT): old data, zeroes or anything</source>
        <translation>was Lesen liefert, ist nicht festgelegt (kein DRAT): alte Daten, Nullen oder irgendetwas</translation>
    </message>
    <message>
        <source>not read (Identify Namespace needs root and a namespace node)</source>
        <translation>nicht gelesen (Identify Namespace braucht root und einen Namespace-Knoten)</translation>
    </message>
    <message>
        <source>a read returns zeroes (DLFEAT %1b)</source>
        <translation>Lesen liefert Nullen (DLFEAT %1b)</translation>
    </message>
    <message>
        <source>a read returns all bytes FFh (DLFEAT %1b)</source>
        <translation>Lesen liefert lauter Bytes FFh (DLFEAT %1b)</translation>
    </message>
    <message>
        <source>what a read returns is not reported (DLFEAT %1b)</source>
        <translation>was Lesen liefert, meldet das Laufwerk nicht (DLFEAT %1b)</translation>
    </message>
    <message>
        <source>sends this drive no TRIM at all (libata quirk NOTRIM, &quot;%1&quot;)</source>
        <translation>schickt diesem Laufwerk gar kein TRIM (libata-Quirk NOTRIM, &quot;%1&quot;)</translation>
    </message>
    <message>
        <source>queued TRIM %1; zeroes after TRIM %2 (libata quirks for &quot;%3&quot;)</source>
        <translation>Queued TRIM %1; Nullen nach TRIM %2 (libata-Quirks für &quot;%3&quot;)</translation>
    </message>
    <message>
        <source>off (NO_NCQ_TRIM): each discard holds other I/O up, so online discard costs more</source>
        <translation>aus (NO_NCQ_TRIM): jedes Discard hält andere E/A auf, Online-Discard kostet also mehr</translation>
    </message>
    <message>
        <source>allowed</source>
        <translation>erlaubt</translation>
    </message>
    <message>
        <source>trusted (ZERO_AFTER_TRIM)</source>
        <translation>vertraut (ZERO_AFTER_TRIM)</translation>
    </message>
    <message>
        <source>not trusted</source>
        <translation>nicht vertraut</translation>
    </message>
    <message>
        <source>not available</source>
        <translation>nicht verfügbar</translation>
    </message>
    <message>
        <source>no power-on time</source>
        <translation>keine Betriebszeit</translation>
    </message>
    <message>
        <source>the wear figure is invalid</source>
        <translation>der Verschleißwert ist ungültig</translation>
    </message>
    <message>
        <source>no measurable wear yet (%1 used)</source>
        <translation>noch kein messbarer Verschleiß (%1 verbraucht)</translation>
    </message>
</context>
<context>
    <name>HelperJobRunner</name>
    <message>
        <source>Waiting for the helper and your permission…</source>
        <translation>Warten auf das Hilfsprogramm und Ihre Erlaubnis…</translation>
    </message>
    <message>
        <source>The helper did not confirm the cancellation.</source>
        <translation>Das Hilfsprogramm hat den Abbruch nicht bestätigt.</translation>
    </message>
    <message>
        <source>this needs root or trimscope-helper on the system bus, and the helper is not installed</source>
        <translation>dafür braucht es root oder trimscope-helper auf dem Systembus, und der Helfer ist nicht installiert</translation>
    </message>
</context>
<context>
    <name>HelperNow</name>
    <message>
        <source>The TrimScope helper did not answer: %1</source>
        <translation>Der TrimScope-Helfer hat nicht geantwortet: %1</translation>
    </message>
    <message>
        <source>The TrimScope helper did not remount %1: %2</source>
        <translation>Der TrimScope-Helfer hat %1 nicht neu eingehängt: %2</translation>
    </message>
    <message>
        <source>Wrong passphrase: it opens none of the key slots of /dev/mapper/%1, which was not refreshed.</source>
        <translation>Falsche Passphrase: Sie öffnet keinen der Schlüsselplätze von /dev/mapper/%1; es wurde nicht aufgefrischt.</translation>
    </message>
    <message>
        <source>The TrimScope helper did not refresh /dev/mapper/%1: %2</source>
        <translation>Der TrimScope-Helfer hat /dev/mapper/%1 nicht aufgefrischt: %2</translation>
    </message>
    <message>
        <source>The passphrase is longer than %1 bytes.</source>
        <translation>Die Passphrase ist länger als %1 Bytes.</translation>
    </message>
    <message>
        <source>Could not make a pipe for the passphrase.</source>
        <translation>Für die Passphrase konnte keine Pipe angelegt werden.</translation>
    </message>
    <message>
        <source>Could not pass the passphrase on.</source>
        <translation>Die Passphrase konnte nicht weitergegeben werden.</translation>
    </message>
    <message>
        <source>stopped while it waited for the administrator password; the question was withdrawn</source>
        <translation>angehalten, während er auf das Administratorpasswort wartete; die Frage wurde zurückgezogen</translation>
    </message>
</context>
<context>
    <name>HistoryBus</name>
    <message>
        <source>%1 does not load: %2</source>
        <translation>%1 lässt sich nicht laden: %2</translation>
    </message>
    <message>
        <source>%1 is of version %2, not %3</source>
        <translation>%1 hat die Version %2, nicht %3</translation>
    </message>
    <message>
        <source>D-Bus is out of reach: %1 is not installed</source>
        <translation>D-Bus ist nicht erreichbar: %1 ist nicht installiert</translation>
    </message>
</context>
<context>
    <name>HistoryGraphs</name>
    <message>
        <source>Host writes and wear</source>
        <translation>Host-Schreibvorgänge und Verschleiß</translation>
    </message>
    <message>
        <source>Written (%1)</source>
        <translation>Geschrieben (%1)</translation>
    </message>
    <message>
        <source>Wear (% used)</source>
        <translation>Verschleiß (% verbraucht)</translation>
    </message>
    <message>
        <source>Host writes since new</source>
        <translation>Host-Schreibvorgänge seit neu</translation>
    </message>
    <message>
        <source>Wear: percentage used (right axis)</source>
        <translation>Verschleiß: verbrauchter Anteil (rechte Achse)</translation>
    </message>
    <message>
        <source>Lifespan estimate</source>
        <translation>Geschätzte Lebensdauer</translation>
    </message>
    <message>
        <source>Life (years)</source>
        <translation>Lebensdauer (Jahre)</translation>
    </message>
    <message>
        <source>From the average since new</source>
        <translation>Aus dem Mittel seit neu</translation>
    </message>
    <message>
        <source>From the last 90 days</source>
        <translation>Aus den letzten 90 Tagen</translation>
    </message>
    <message>
        <source>From the last 30 days</source>
        <translation>Aus den letzten 30 Tagen</translation>
    </message>
    <message>
        <source>Temperature</source>
        <translation>Temperatur</translation>
    </message>
    <message>
        <source>Temperature (°C)</source>
        <translation>Temperatur (°C)</translation>
    </message>
    <message>
        <source>Highest of the day</source>
        <translation>Höchstwert des Tages</translation>
    </message>
    <message>
        <source>Lowest of the day</source>
        <translation>Tiefstwert des Tages</translation>
    </message>
    <message>
        <source>Errors</source>
        <translation>Fehler</translation>
    </message>
    <message>
        <source>Count since new</source>
        <translation>Anzahl seit neu</translation>
    </message>
    <message>
        <source>Media errors</source>
        <translation>Medienfehler</translation>
    </message>
    <message>
        <source>CRC errors</source>
        <translation>CRC-Fehler</translation>
    </message>
    <message>
        <source>Reallocated sectors</source>
        <translation>Umgelagerte Sektoren</translation>
    </message>
    <message>
        <source>Pending sectors</source>
        <translation>Schwebende Sektoren</translation>
    </message>
    <message>
        <source>Discards served and fstrim runs</source>
        <translation>Ausgeführte Discards und fstrim-Läufe</translation>
    </message>
    <message>
        <source>Discards per day</source>
        <translation>Discards pro Tag</translation>
    </message>
    <message>
        <source>Discards the drive served</source>
        <translation>Vom Laufwerk ausgeführte Discards</translation>
    </message>
    <message>
        <source>fstrim run</source>
        <translation>fstrim-Lauf</translation>
    </message>
    <message>
        <source>fstrim run that failed</source>
        <translation>Fehlgeschlagener fstrim-Lauf</translation>
    </message>
    <message>
        <source>TRIM reach changed</source>
        <translation>TRIM-Erreichbarkeit geändert</translation>
    </message>
</context>
<context>
    <name>HistoryStore</name>
    <message>
        <source>the disk holding %1 is full: this reading was not recorded, the days before it are intact</source>
        <translation>der Datenträger mit %1 ist voll: diese Messung wurde nicht aufgezeichnet, die Tage davor sind unversehrt</translation>
    </message>
    <message>
        <source>history %1: %2</source>
        <translation>Verlauf %1: %2</translation>
    </message>
    <message>
        <source>an SQLite database of another program (application id %1, %2 tables)</source>
        <translation>eine SQLite-Datenbank eines anderen Programms (Anwendungs-ID %1, %2 Tabellen)</translation>
    </message>
    <message>
        <source>cannot create the folder of %1</source>
        <translation>der Ordner von %1 kann nicht angelegt werden</translation>
    </message>
    <message>
        <source>cannot open %1: %2</source>
        <translation>%1 kann nicht geöffnet werden: %2</translation>
    </message>
    <message>
        <source>%1 was written by a newer TrimScope (schema %2, this one knows %3); it is left as it is</source>
        <translation>%1 wurde von einem neueren TrimScope geschrieben (Schema %2, dieses kennt %3); die Datei bleibt, wie sie ist</translation>
    </message>
    <message>
        <source>%1 is not a TrimScope history (%2) and could not be moved aside</source>
        <translation>%1 ist kein TrimScope-Verlauf (%2) und konnte nicht beiseitegelegt werden</translation>
    </message>
    <message>
        <source>%1 was damaged (%2); it was moved to %3 and a new history begun</source>
        <translation>%1 war beschädigt (%2); die Datei wurde nach %3 verschoben und ein neuer Verlauf begonnen</translation>
    </message>
    <message>
        <source>%1 was not a TrimScope history (%2); it was moved to %3 and a new history begun</source>
        <translation>%1 war kein TrimScope-Verlauf (%2); die Datei wurde nach %3 verschoben und ein neuer Verlauf begonnen</translation>
    </message>
</context>
<context>
    <name>InUseView</name>
    <message>
        <source>Nothing new was trimmed: the filesystem remembers what it trimmed since it was mounted (ext4 its block groups, btrfs its unallocated space), so this run measured no TRIM. Run it again after the next boot to see what trimming the free space costs.</source>
        <translation>Nichts Neues getrimmt: Das Dateisystem merkt sich, was es seit dem Einhängen getrimmt hat (ext4 seine Blockgruppen, btrfs seinen nicht zugeteilten Speicher), also hat dieser Lauf kein TRIM gemessen. Nach dem nächsten Neustart erneut ausführen, um zu sehen, was das Trimmen des freien Speichers kostet.</translation>
    </message>
    <message>
        <source>ext4 remembers the groups it trimmed until the next mount: a second run before then trims only what was freed since, and is shorter.</source>
        <translation>ext4 merkt sich die getrimmten Gruppen bis zum nächsten Einhängen: Ein zweiter Lauf vorher trimmt nur, was seitdem frei wurde, und ist kürzer.</translation>
    </message>
    <message>
        <source>Timed fstrim of %1 (%2 on %3): %4 trimmed in %5 (%6), %7 discards; the longest piece took %8. Other I/O on %9 meanwhile: </source>
        <translation>Zeitgemessenes fstrim von %1 (%2 auf %3): %4 getrimmt in %5 (%6), %7 Discards; das längste Stück dauerte %8. Andere E/A auf %9 dabei: </translation>
    </message>
    <message>
        <source>Stopped after %1 of %2 pieces.</source>
        <translation>Nach %1 von %2 Stücken angehalten.</translation>
    </message>
    <message>
        <source>fstrim, piece by piece</source>
        <translation>fstrim, Stück für Stück</translation>
    </message>
    <message>
        <source>Time (s)</source>
        <translation>Zeit (s)</translation>
    </message>
    <message>
        <source>FITRIM time</source>
        <translation>FITRIM-Zeit</translation>
    </message>
    <message>
        <source>Piece</source>
        <translation>Stück</translation>
    </message>
    <message>
        <source>From</source>
        <translation>Ab</translation>
    </message>
    <message>
        <source>Range</source>
        <translation>Bereich</translation>
    </message>
    <message>
        <source>Trimmed</source>
        <translation>Getrimmt</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>Zeit</translation>
    </message>
    <message>
        <source>Discards</source>
        <translation>Discards</translation>
    </message>
    <message>
        <source>Other I/O</source>
        <translation>Andere E/A</translation>
    </message>
    <message>
        <source>Its average wait</source>
        <translation>Ihr mittleres Warten</translation>
    </message>
    <message>
        <source>Most in flight</source>
        <translation>Höchstens unterwegs</translation>
    </message>
    <message>
        <source>to the end</source>
        <translation>bis zum Ende</translation>
    </message>
    <message>
        <source>Device</source>
        <translation>Gerät</translation>
    </message>
    <message>
        <source>Mounted at</source>
        <translation>Eingehängt in</translation>
    </message>
    <message>
        <source>Online discard</source>
        <translation>Online-Discard</translation>
    </message>
    <message>
        <source>Bytes</source>
        <translation>Bytes</translation>
    </message>
    <message>
        <source>Average</source>
        <translation>Mittel</translation>
    </message>
    <message>
        <source>Device time</source>
        <translation>Gerätezeit</translation>
    </message>
    <message>
        <source>Per discard</source>
        <translation>Je Discard</translation>
    </message>
    <message>
        <source>A day</source>
        <translation>Am Tag</translation>
    </message>
    <message>
        <source>%1 (%2, %3 waiting to be discarded)</source>
        <translation>%1 (%2, %3 warten auf Discard)</translation>
    </message>
    <message>
        <source>on</source>
        <translation>an</translation>
    </message>
    <message>
        <source>off</source>
        <translation>aus</translation>
    </message>
    <message>
        <source>Since boot, %1 ago</source>
        <translation>Seit dem Start, vor %1</translation>
    </message>
    <message>
        <source>Over the last %1</source>
        <translation>In den letzten %1</translation>
    </message>
    <message numerus="yes">
        <source>%Ln read(s) and write(s), %1 each on average, at most %2 request(s) in flight.</source>
        <translation>
            <numerusform>%Ln Lese- oder Schreibvorgang, im Mittel je %1, höchstens %2 Anfrage(n) gleichzeitig unterwegs.</numerusform>
            <numerusform>%Ln Lese- und Schreibvorgänge, im Mittel je %1, höchstens %2 Anfrage(n) gleichzeitig unterwegs.</numerusform>
        </translation>
    </message>
    <message>
        <source>Since it appeared, %1 ago</source>
        <translation>Seit es erschienen ist, vor %1</translation>
    </message>
    <message>
        <source>Since its present medium was first seen, %1 ago</source>
        <translation>Seit sein jetziges Medium zum ersten Mal gesehen wurde, vor %1</translation>
    </message>
</context>
<context>
    <name>InputFile</name>
    <message>
        <source>a directory</source>
        <translation>ein Verzeichnis</translation>
    </message>
    <message>
        <source>a FIFO (named pipe)</source>
        <translation>eine FIFO (benannte Pipe)</translation>
    </message>
    <message>
        <source>a character device</source>
        <translation>ein zeichenorientiertes Gerät</translation>
    </message>
    <message>
        <source>a block device</source>
        <translation>ein blockorientiertes Gerät</translation>
    </message>
    <message>
        <source>a socket</source>
        <translation>ein Socket</translation>
    </message>
    <message>
        <source>something else</source>
        <translation>etwas anderes</translation>
    </message>
    <message>
        <source>%1 is %2, not a regular file</source>
        <translation>%1 ist %2, keine reguläre Datei</translation>
    </message>
    <message>
        <source>%1 is larger than the %2 such a file can be</source>
        <translation>%1 ist größer als die %2, die eine solche Datei haben darf</translation>
    </message>
    <message>
        <source>cannot read %1: %2</source>
        <translation>%1 kann nicht gelesen werden: %2</translation>
    </message>
    <message>
        <source>%1 grew beyond the %2 such a file can be while it was read</source>
        <translation>%1 ist beim Lesen über die %2 hinausgewachsen, die eine solche Datei haben darf</translation>
    </message>
</context>
<context>
    <name>JobText</name>
    <message>
        <source>cancelled</source>
        <translation>abgebrochen</translation>
    </message>
    <message>
        <source>there is no simulated drive &apos;%1&apos;</source>
        <translation>es gibt kein simuliertes Laufwerk „%1“</translation>
    </message>
    <message>
        <source>unmounted %1, left behind by an earlier run</source>
        <translation>%1 ausgehängt, von einem früheren Lauf zurückgelassen</translation>
    </message>
    <message>
        <source>The %1 job needs the device itself (mkfs, mount or fio open it by name): run it as root or through the TrimScope helper.</source>
        <translation>Der Auftrag %1 braucht das Gerät selbst (mkfs, mount oder fio öffnen es über seinen Namen): als root oder über den TrimScope-Helfer ausführen.</translation>
    </message>
    <message>
        <source>%1 does not support discard (TRIM).</source>
        <translation>%1 unterstützt kein Discard (TRIM).</translation>
    </message>
    <message>
        <source>mkfs timing</source>
        <translation>die mkfs-Zeitmessung</translation>
    </message>
    <message>
        <source>write-recovery test</source>
        <translation>der Schreiberholungstest</translation>
    </message>
    <message>
        <source>sequential fill</source>
        <translation>das sequenzielle Füllen</translation>
    </message>
    <message>
        <source>Simulated drives run the TRIM benchmark, the filesystem experiment (replayed), the background-TRIM probe, the stall test and the diagnosis; the %1 needs a real drive.</source>
        <translation>Simulierte Laufwerke führen den TRIM-Benchmark, das Dateisystem-Experiment (nachgespielt), den Hintergrund-TRIM-Test, den Stall-Test und die Diagnose aus; %1 braucht ein echtes Laufwerk.</translation>
    </message>
    <message>
        <source>The sweep %1.</source>
        <translation>Die Messreihe %1.</translation>
    </message>
    <message>
        <source>The %1 job does not take the overrides for partitions beside partitions in use or devices open for writing; only the TRIM benchmark and the background-TRIM probe do.</source>
        <translation>Der Auftrag %1 nimmt die Ausnahmen für Partitionen neben benutzten Partitionen und für zum Schreiben geöffnete Geräte nicht an; das tun nur der TRIM-Benchmark und die Hintergrund-TRIM-Probe.</translation>
    </message>
    <message>
        <source>timed fstrim</source>
        <translation>das zeitgemessene fstrim</translation>
    </message>
</context>
<context>
    <name>JsonCheck</name>
    <message>
        <source>not a number</source>
        <translation>keine Zahl</translation>
    </message>
    <message>
        <source>not a finite number</source>
        <translation>keine endliche Zahl</translation>
    </message>
    <message>
        <source>%1 is negative</source>
        <translation>%1 ist negativ</translation>
    </message>
    <message>
        <source>%1 is not a whole number</source>
        <translation>%1 ist keine ganze Zahl</translation>
    </message>
    <message>
        <source>%1 is out of range</source>
        <translation>%1 liegt außerhalb des zulässigen Bereichs</translation>
    </message>
    <message>
        <source>%1 is too large</source>
        <translation>%1 ist zu groß</translation>
    </message>
    <message>
        <source>not text</source>
        <translation>kein Text</translation>
    </message>
    <message>
        <source>holds a line break or another control character</source>
        <translation>enthält einen Zeilenumbruch oder ein anderes Steuerzeichen</translation>
    </message>
    <message>
        <source>not true or false</source>
        <translation>weder true noch false</translation>
    </message>
    <message>
        <source>not a list</source>
        <translation>keine Liste</translation>
    </message>
    <message>
        <source>entry %1: %2</source>
        <translation>Eintrag %1: %2</translation>
    </message>
    <message>
        <source>missing</source>
        <translation>fehlt</translation>
    </message>
    <message>
        <source>not an object</source>
        <translation>kein Objekt</translation>
    </message>
    <message>
        <source>an empty list</source>
        <translation>eine leere Liste</translation>
    </message>
</context>
<context>
    <name>LifespanWords</name>
    <message>
        <source>fewer than two recorded days with host writes in the last %1 days</source>
        <translation>weniger als zwei erfasste Tage mit Host-Schreibvorgängen in den letzten %1 Tagen</translation>
    </message>
</context>
<context>
    <name>PassphraseDialog</name>
    <message>
        <source>Passphrase of %1</source>
        <translation>Passphrase von %1</translation>
    </message>
    <message>
        <source>To change whether /dev/mapper/%1 passes discards now, cryptsetup needs one of its passphrases (the one you type when it is opened at boot). It is used once and not kept.

Cancel to leave it as it is until the next boot.</source>
        <translation>Um sofort zu ändern, ob /dev/mapper/%1 Discards durchlässt, braucht cryptsetup eine seiner Passphrasen (die Sie beim Öffnen während des Systemstarts eingeben). Sie wird einmal verwendet und nicht gespeichert.

Mit „Abbrechen“ bleibt es bis zum nächsten Neustart, wie es ist.</translation>
    </message>
</context>
<context>
    <name>PlanRunner</name>
    <message>
        <source>%1 remounted with discard</source>
        <translation>%1 mit discard neu eingehängt</translation>
    </message>
    <message>
        <source>%1 remounted without discard</source>
        <translation>%1 ohne discard neu eingehängt</translation>
    </message>
    <message>
        <source>%1 enabled and started</source>
        <translation>%1 aktiviert und gestartet</translation>
    </message>
    <message>
        <source>%1 stopped and disabled</source>
        <translation>%1 angehalten und deaktiviert</translation>
    </message>
    <message>
        <source>/etc/crypttab: %1</source>
        <translation>/etc/crypttab: %1</translation>
    </message>
    <message>
        <source>/etc/fstab: %1</source>
        <translation>/etc/fstab: %1</translation>
    </message>
    <message>
        <source>%1 (could not be put back: %2)</source>
        <translation>%1 (konnte nicht zurückgesetzt werden: %2)</translation>
    </message>
    <message>
        <source>The record for undoing it could not be saved: %1</source>
        <translation>Die Aufzeichnung zum Rückgängigmachen konnte nicht gespeichert werden: %1</translation>
    </message>
    <message>
        <source>Nothing to undo: no fix applied with TrimScope is recorded in %1.</source>
        <translation>Nichts rückgängig zu machen: In %1 ist keine mit TrimScope angewandte Korrektur aufgezeichnet.</translation>
    </message>
    <message>
        <source>The record of applied fixes could not be saved: %1</source>
        <translation>Die Aufzeichnung angewandter Korrekturen konnte nicht gespeichert werden: %1</translation>
    </message>
    <message>
        <source>/dev/mapper/%1 passes discards now</source>
        <translation>/dev/mapper/%1 lässt jetzt Discards durch</translation>
    </message>
    <message>
        <source>/dev/mapper/%1 passes no discards now</source>
        <translation>/dev/mapper/%1 lässt jetzt keine Discards mehr durch</translation>
    </message>
    <message>
        <source>/dev/mapper/%1 was not refreshed now: no passphrase was given.</source>
        <translation>/dev/mapper/%1 wurde jetzt nicht aufgefrischt: Es wurde keine Passphrase eingegeben.</translation>
    </message>
    <message>
        <source>Stopped before step %1 of %2 (%3).</source>
        <translation>Vor Schritt %1 von %2 angehalten (%3).</translation>
    </message>
    <message>
        <source>Stopped at step %1 of %2 (%3): %4; this step changed nothing.</source>
        <translation>Bei Schritt %1 von %2 angehalten (%3): %4; dieser Schritt hat nichts geändert.</translation>
    </message>
</context>
<context>
    <name>QObject</name>
    <message>
        <source>Discard size (log scale)</source>
        <translation>Discard-Größe (logarithmisch)</translation>
    </message>
    <message>
        <source>Time per TRIM command (median, log scale)</source>
        <translation>Zeit pro TRIM-Befehl (Median, logarithmisch)</translation>
    </message>
    <message>
        <source>Throughput at the median (log scale)</source>
        <translation>Durchsatz beim Median (logarithmisch)</translation>
    </message>
    <message>
        <source>TRIM time</source>
        <translation>TRIM-Zeit</translation>
    </message>
    <message>
        <source>Throughput</source>
        <translation>Durchsatz</translation>
    </message>
</context>
<context>
    <name>Recovery</name>
    <message>
        <source>Discarding the whole drive</source>
        <translation>Ganzes Laufwerk verwerfen</translation>
    </message>
    <message>
        <source>Fresh out of box</source>
        <translation>Neuzustand</translation>
    </message>
    <message>
        <source>Filling the drive</source>
        <translation>Laufwerk füllen</translation>
    </message>
    <message>
        <source>After filling</source>
        <translation>Nach dem Füllen</translation>
    </message>
    <message>
        <source>Idle</source>
        <translation>Leerlauf</translation>
    </message>
    <message>
        <source>After idle time</source>
        <translation>Nach dem Leerlauf</translation>
    </message>
    <message>
        <source>TRIM of the whole drive</source>
        <translation>TRIM des ganzen Laufwerks</translation>
    </message>
    <message>
        <source>After TRIM</source>
        <translation>Nach TRIM</translation>
    </message>
</context>
<context>
    <name>RecoveryView</name>
    <message>
        <source>Random 4 KiB writes per phase, as % of fresh out of box</source>
        <translation>Zufällige 4-KiB-Schreibvorgänge pro Phase, in % des Neuzustands</translation>
    </message>
    <message>
        <source>IOPS, % of fresh out of box</source>
        <translation>IOPS, % des Neuzustands</translation>
    </message>
    <message>
        <source>fresh out of box = 100 %</source>
        <translation>Neuzustand = 100 %</translation>
    </message>
    <message>
        <source>Phase</source>
        <translation>Phase</translation>
    </message>
    <message>
        <source>IOPS</source>
        <translation>IOPS</translation>
    </message>
    <message>
        <source>% of FOB</source>
        <translation>% v. Neuzustand</translation>
    </message>
    <message>
        <source>Throughput</source>
        <translation>Durchsatz</translation>
    </message>
    <message>
        <source>Latency p50</source>
        <translation>Latenz p50</translation>
    </message>
    <message>
        <source>Latency p99</source>
        <translation>Latenz p99</translation>
    </message>
    <message>
        <source>%1: %2 random-write phases, %3 of idle time, %4 written in %5.</source>
        <translation>%1: %2 Phasen mit zufälligen Schreibvorgängen, %3 Leerlauf, %4 geschrieben in %5.</translation>
    </message>
    <message>
        <source>The run did not complete: %1</source>
        <translation>Der Lauf wurde nicht abgeschlossen: %1</translation>
    </message>
    <message>
        <source>Sequential fill: write speed across the drive</source>
        <translation>Sequenzielles Füllen: Schreibgeschwindigkeit über das Laufwerk</translation>
    </message>
    <message>
        <source>Capacity written (%)</source>
        <translation>Geschriebene Kapazität (%)</translation>
    </message>
    <message>
        <source>Write speed (MiB/s)</source>
        <translation>Schreibrate (MiB/s)</translation>
    </message>
    <message>
        <source>cliff at %1 %: %2 → %3 MiB/s</source>
        <translation>Einbruch bei %1 %: %2 → %3 MiB/s</translation>
    </message>
    <message>
        <source>%1: %2 written at %3 on average.</source>
        <translation>%1: %2 geschrieben mit durchschnittlich %3.</translation>
    </message>
    <message>
        <source>The speed falls by %1 % after %2 % of the capacity (a write cache running out).</source>
        <translation>Die Geschwindigkeit fällt nach %2 % der Kapazität um %1 % (ein Schreibcache ist erschöpft).</translation>
    </message>
    <message>
        <source>No cliff: the speed holds across the drive.</source>
        <translation>Kein Einbruch: Die Geschwindigkeit hält über das ganze Laufwerk.</translation>
    </message>
    <message>
        <source>about %1, writing about %2 (%3× the drive&apos;s capacity)</source>
        <translation>etwa %1, schreibt etwa %2 (%3× die Kapazität des Laufwerks)</translation>
    </message>
    <message>
        <source>Times assume %1 sequential writes; the run measures the real speed.</source>
        <translation>Die Zeiten nehmen %1 für sequenzielles Schreiben an; der Lauf misst die tatsächliche Geschwindigkeit.</translation>
    </message>
</context>
<context>
    <name>RefusalWords</name>
    <message>
        <source>%1: you cancelled the password prompt. Nothing was changed.</source>
        <translation>%1: Sie haben die Passwortabfrage abgebrochen. Es wurde nichts geändert.</translation>
    </message>
    <message>
        <source>%1: polkit wants an administrator password for %2, and no authentication agent answered. Nothing was changed.</source>
        <translation>%1: polkit verlangt ein Administratorpasswort für %2, und kein Authentifizierungsagent hat geantwortet. Es wurde nichts geändert.</translation>
    </message>
    <message>
        <source>%1: the password for %2 was not accepted. Nothing was changed.</source>
        <translation>%1: Das Passwort für %2 wurde nicht angenommen. Es wurde nichts geändert.</translation>
    </message>
    <message>
        <source>%1: polkit denies %2 to this user, and no password can change that: the computer&apos;s administrator can allow it with a polkit rule. Nothing was changed.</source>
        <translation>%1: polkit verweigert diesem Benutzer %2, und kein Passwort kann daran etwas ändern: Der Administrator des Computers kann es mit einer polkit-Regel erlauben. Es wurde nichts geändert.</translation>
    </message>
    <message>
        <source>%1: polkit refused %2 to this user (a rule says no, or the password was not accepted). Nothing was changed.</source>
        <translation>%1: polkit hat diesem Benutzer %2 verweigert (eine Regel sagt nein, oder das Passwort wurde nicht angenommen). Es wurde nichts geändert.</translation>
    </message>
</context>
<context>
    <name>Report</name>
    <message>
        <source>TRIM sweep of %1</source>
        <translation>TRIM-Durchlauf vom %1</translation>
    </message>
    <message>
        <source>TRIM sweep of %1 (cancelled)</source>
        <translation>TRIM-Durchlauf vom %1 (abgebrochen)</translation>
    </message>
    <message>
        <source>TRIM sweep of %1 (stopped at its time budget)</source>
        <translation>TRIM-Durchlauf vom %1 (am Zeitbudget beendet)</translation>
    </message>
    <message>
        <source>TRIM sweep of %1 (failed)</source>
        <translation>TRIM-Durchlauf vom %1 (fehlgeschlagen)</translation>
    </message>
    <message>
        <source>Discard size (log scale)</source>
        <translation>Discard-Größe (logarithmisch)</translation>
    </message>
    <message>
        <source>Time per TRIM (median, log scale)</source>
        <translation>Zeit pro TRIM (Median, logarithmisch)</translation>
    </message>
    <message>
        <source>shaded: 5th to 95th percentile</source>
        <translation>schattiert: 5. bis 95. Perzentil</translation>
    </message>
    <message>
        <source>No TRIM sweep of this drive</source>
        <translation>Kein TRIM-Durchlauf dieses Laufwerks</translation>
    </message>
    <message>
        <source>TRIM report: %1</source>
        <translation>TRIM-Bericht: %1</translation>
    </message>
    <message>
        <source>A report is a .pdf or an .html file, not “%1”.</source>
        <translation>Ein Bericht ist eine .pdf- oder .html-Datei, nicht „%1“.</translation>
    </message>
    <message>
        <source>not reported</source>
        <translation>nicht gemeldet</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Modell</translation>
    </message>
    <message>
        <source>Serial number</source>
        <translation>Seriennummer</translation>
    </message>
    <message>
        <source>Firmware</source>
        <translation>Firmware</translation>
    </message>
    <message>
        <source>Capacity</source>
        <translation>Kapazität</translation>
    </message>
    <message>
        <source>Connected by</source>
        <translation>Angeschlossen über</translation>
    </message>
    <message>
        <source>Sectors</source>
        <translation>Sektoren</translation>
    </message>
    <message>
        <source>%1 logical, %2 physical</source>
        <translation>%1 logisch, %2 physisch</translation>
    </message>
    <message>
        <source>Discard</source>
        <translation>Discard</translation>
    </message>
    <message>
        <source>the kernel sends this drive no discard</source>
        <translation>der Kernel schickt diesem Laufwerk kein Discard</translation>
    </message>
    <message>
        <source>granularity %1, at most %2 per command</source>
        <translation>Granularität %1, höchstens %2 pro Befehl</translation>
    </message>
    <message>
        <source>Device</source>
        <translation>Gerät</translation>
    </message>
    <message>
        <source>Simulated</source>
        <translation>Simuliert</translation>
    </message>
    <message>
        <source>yes: every figure here comes from a model of the drive, not from a drive</source>
        <translation>ja: jede Zahl hier stammt aus einem Modell des Laufwerks, nicht von einem Laufwerk</translation>
    </message>
    <message>
        <source>Overall</source>
        <translation>Gesamt</translation>
    </message>
    <message>
        <source>TRIM supported</source>
        <translation>TRIM unterstützt</translation>
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
        <source>Powered on</source>
        <translation>Betriebszeit</translation>
    </message>
    <message>
        <source>%1 h</source>
        <translation>%1 h</translation>
    </message>
    <message>
        <source>Temperature</source>
        <translation>Temperatur</translation>
    </message>
    <message>
        <source>%1 °C</source>
        <translation>%1 °C</translation>
    </message>
    <message>
        <source>Wear (rated life used)</source>
        <translation>Verschleiß (verbrauchte Nennlebensdauer)</translation>
    </message>
    <message>
        <source>Written by the host</source>
        <translation>Vom Computer geschrieben</translation>
    </message>
    <message>
        <source>Rated life at this write rate</source>
        <translation>Nennlebensdauer bei dieser Schreibrate</translation>
    </message>
    <message>
        <source>about %1 years</source>
        <translation>etwa %1 Jahre</translation>
    </message>
    <message>
        <source>Verdict: %1</source>
        <translation>Urteil: %1</translation>
    </message>
    <message>
        <source>Confidence: %1.</source>
        <translation>Verlässlichkeit: %1.</translation>
    </message>
    <message>
        <source>Confidence: %1 (%2).</source>
        <translation>Verlässlichkeit: %1 (%2).</translation>
    </message>
    <message>
        <source>A simulated drive has no health data.</source>
        <translation>Ein simuliertes Laufwerk hat keine Zustandsdaten.</translation>
    </message>
    <message>
        <source>Not read. (TrimScope&apos;s Health tab, or trimscope-cli health --json FILE, reads it.)</source>
        <translation>Nicht gelesen. (TrimScopes Reiter „Zustand“ oder trimscope-cli health --json DATEI liest ihn.)</translation>
    </message>
    <message>
        <source>Drive</source>
        <translation>Laufwerk</translation>
    </message>
    <message>
        <source>Health</source>
        <translation>Zustand</translation>
    </message>
    <message>
        <source>No TRIM sweep of this drive is part of the report.</source>
        <translation>Kein TRIM-Durchlauf dieses Laufwerks gehört zum Bericht.</translation>
    </message>
    <message>
        <source>%1: %2 TRIM commands at %3 sizes</source>
        <translation>%1: %2 TRIM-Befehle bei %3 Größen</translation>
    </message>
    <message>
        <source>Each line is a TRIM sweep: the median time of one TRIM command at each discard size, the band from its 5th to its 95th percentile. %1.</source>
        <translation>Jede Linie ist ein TRIM-Durchlauf: die mittlere Zeit (Median) eines TRIM-Befehls bei jeder Discard-Größe, das Band vom 5. bis zum 95. Perzentil. %1.</translation>
    </message>
    <message>
        <source>Numbers behind the verdict</source>
        <translation>Zahlen hinter dem Urteil</translation>
    </message>
    <message>
        <source>What to change</source>
        <translation>Was zu ändern ist</translation>
    </message>
    <message>
        <source>Nothing.</source>
        <translation>Nichts.</translation>
    </message>
    <message>
        <source>for filesystems on this drive, in the computer it is in</source>
        <translation>für Dateisysteme auf diesem Laufwerk, in dem Computer, in dem es steckt</translation>
    </message>
    <message>
        <source>on the computer that made this report</source>
        <translation>auf dem Computer, der diesen Bericht erstellt hat</translation>
    </message>
    <message>
        <source>In %1:</source>
        <translation>In %1:</translation>
    </message>
    <message>
        <source>Findings</source>
        <translation>Befunde</translation>
    </message>
    <message>
        <source>%1, %2: %3</source>
        <translation>%1, %2: %3</translation>
    </message>
    <message>
        <source>an unnamed drive</source>
        <translation>ein unbenanntes Laufwerk</translation>
    </message>
    <message>
        <source>en</source>
        <comment>the language code of this translation, for HTML&apos;s lang</comment>
        <translation>de</translation>
    </message>
    <message>
        <source>Made %1 with TrimScope %2</source>
        <translation>Erstellt am %1 mit TrimScope %2</translation>
    </message>
    <message>
        <source>TRIM time per discard size</source>
        <translation>TRIM-Zeit pro Discard-Größe</translation>
    </message>
    <message>
        <source>TrimScope %1 measures how an SSD handles TRIM: %2</source>
        <translation>TrimScope %1 misst, wie eine SSD mit TRIM umgeht: %2</translation>
    </message>
    <message>
        <source>the TRIM sweep of %1</source>
        <translation>der TRIM-Durchlauf vom %1</translation>
    </message>
    <message>
        <source>a TRIM sweep</source>
        <translation>ein TRIM-Durchlauf</translation>
    </message>
    <message>
        <source>the diagnosis of %1</source>
        <translation>die Diagnose vom %1</translation>
    </message>
    <message>
        <source>a diagnosis</source>
        <translation>eine Diagnose</translation>
    </message>
    <message>
        <source>the filesystem experiment of %1</source>
        <translation>das Dateisystem-Experiment vom %1</translation>
    </message>
    <message>
        <source>a filesystem experiment</source>
        <translation>ein Dateisystem-Experiment</translation>
    </message>
    <message>
        <source>the background-TRIM probe of %1</source>
        <translation>die Hintergrund-TRIM-Messung vom %1</translation>
    </message>
    <message>
        <source>a background-TRIM probe</source>
        <translation>eine Hintergrund-TRIM-Messung</translation>
    </message>
    <message>
        <source>the stall test of %1</source>
        <translation>der Stall-Test vom %1</translation>
    </message>
    <message>
        <source>a stall test</source>
        <translation>ein Stall-Test</translation>
    </message>
    <message>
        <source>the drive&apos;s health report</source>
        <translation>der Zustandsbericht des Laufwerks</translation>
    </message>
    <message>
        <source>a saved audit</source>
        <translation>eine gespeicherte Prüfung</translation>
    </message>
    <message>
        <source>the audit of this computer</source>
        <translation>die Prüfung dieses Computers</translation>
    </message>
    <message>
        <source>Based on: nothing measured.</source>
        <translation>Grundlage: nichts gemessen.</translation>
    </message>
    <message>
        <source>Based on: %1.</source>
        <translation>Grundlage: %1.</translation>
    </message>
    <message>
        <source>nothing: simulated in this program</source>
        <translation>nichts: in diesem Programm simuliert</translation>
    </message>
    <message>
        <source>Example data from a real %1, as the Health tab shows it:</source>
        <translation>Beispieldaten eines echten %1, wie der Reiter „Zustand“ sie zeigt:</translation>
    </message>
    <message>
        <source>Each line is a simulated TRIM sweep: the median time the drive&apos;s model gives one TRIM command at each discard size, the band from its 5th to its 95th percentile. %1.</source>
        <translation>Jede Linie ist ein simulierter TRIM-Durchlauf: die mittlere Zeit (Median), die das Modell des Laufwerks einem TRIM-Befehl bei jeder Discard-Größe gibt, das Band vom 5. bis zum 95. Perzentil. %1.</translation>
    </message>
    <message>
        <source>the simulated TRIM sweep of %1</source>
        <translation>der simulierte TRIM-Durchlauf vom %1</translation>
    </message>
    <message>
        <source>a simulated TRIM sweep</source>
        <translation>ein simulierter TRIM-Durchlauf</translation>
    </message>
    <message>
        <source>the simulated diagnosis of %1</source>
        <translation>die simulierte Diagnose vom %1</translation>
    </message>
    <message>
        <source>a simulated diagnosis</source>
        <translation>eine simulierte Diagnose</translation>
    </message>
    <message>
        <source>the simulated filesystem experiment of %1</source>
        <translation>das simulierte Dateisystem-Experiment vom %1</translation>
    </message>
    <message>
        <source>a simulated filesystem experiment</source>
        <translation>ein simuliertes Dateisystem-Experiment</translation>
    </message>
    <message>
        <source>the simulated background-TRIM probe of %1</source>
        <translation>der simulierte Hintergrund-TRIM-Test vom %1</translation>
    </message>
    <message>
        <source>a simulated background-TRIM probe</source>
        <translation>ein simulierter Hintergrund-TRIM-Test</translation>
    </message>
    <message>
        <source>the simulated stall test of %1</source>
        <translation>der simulierte Stall-Test vom %1</translation>
    </message>
    <message>
        <source>a simulated stall test</source>
        <translation>ein simulierter Stall-Test</translation>
    </message>
</context>
<context>
    <name>ResultFile</name>
    <message>
        <source>sweep</source>
        <translation>TRIM-Durchlauf</translation>
    </message>
    <message>
        <source>filesystem</source>
        <translation>Dateisystem</translation>
    </message>
    <message>
        <source>mkfs-timing</source>
        <translation>mkfs-Zeitmessung</translation>
    </message>
    <message>
        <source>write-recovery</source>
        <translation>Schreib-Erholung</translation>
    </message>
    <message>
        <source>fill-curve</source>
        <translation>Füllkurve</translation>
    </message>
    <message>
        <source>background-probe</source>
        <translation>Hintergrund-TRIM</translation>
    </message>
    <message>
        <source>health</source>
        <translation>Zustands</translation>
    </message>
    <message>
        <source>audit</source>
        <translation>Prüfungs</translation>
    </message>
    <message>
        <source>advice</source>
        <translation>Rat</translation>
    </message>
    <message>
        <source>not a TrimScope %1 result: %2</source>
        <translation>kein TrimScope-%1-Ergebnis: %2</translation>
    </message>
    <message>
        <source>schema version %1 is newer than this TrimScope reads (%2)</source>
        <translation>Schema-Version %1 ist neuer als die, die dieses TrimScope liest (%2)</translation>
    </message>
    <message>
        <source>not a TrimScope result: %1</source>
        <translation>kein TrimScope-Ergebnis: %1</translation>
    </message>
    <message>
        <source>not a JSON object</source>
        <translation>kein JSON-Objekt</translation>
    </message>
    <message>
        <source>not a TrimScope result: unknown schema &quot;%1&quot;</source>
        <translation>kein TrimScope-Ergebnis: unbekanntes Schema „%1“</translation>
    </message>
    <message>
        <source>it holds a %1 result</source>
        <translation>es enthält ein %1-Ergebnis</translation>
    </message>
    <message>
        <source>stall</source>
        <translation>Stau</translation>
    </message>
    <message>
        <source>diagnosis</source>
        <translation>Diagnose</translation>
    </message>
    <message>
        <source>timed fstrim</source>
        <translation>zeitgemessenes fstrim</translation>
    </message>
    <message>
        <source>watch</source>
        <translation>Beobachtung</translation>
    </message>
</context>
<context>
    <name>RunStore</name>
    <message>
        <source>%1, %2</source>
        <translation>%1, %2</translation>
    </message>
    <message>
        <source>Cannot create %1.</source>
        <translation>%1 kann nicht angelegt werden.</translation>
    </message>
    <message>
        <source>unreadable</source>
        <translation>unlesbar</translation>
    </message>
    <message>
        <source>complete</source>
        <translation>vollständig</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>abgebrochen</translation>
    </message>
    <message>
        <source>stopped at the time budget</source>
        <translation>am Zeitlimit angehalten</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>fehlgeschlagen</translation>
    </message>
    <message>
        <source>A %1 is not a run; only runs are kept with the drive.</source>
        <translation>Ein %1-Ergebnis ist kein Lauf; nur Läufe werden beim Laufwerk aufbewahrt.</translation>
    </message>
    <message>
        <source>This file holds a %1 result, not a TRIM benchmark run.</source>
        <translation>Diese Datei enthält ein %1-Ergebnis, keinen TRIM-Benchmark-Lauf.</translation>
    </message>
    <message>
        <source>%1 #%2</source>
        <translation>%1 Nr. %2</translation>
    </message>
    <message>
        <source>This diagnosis measured no TRIM sweep.</source>
        <translation>Diese Diagnose hat keine TRIM-Messreihe gemessen.</translation>
    </message>
</context>
<context>
    <name>RunnerChoice</name>
    <message>
        <source>the override for partitions beside partitions in use is honoured only when run as root; the helper does not accept it</source>
        <translation>die Ausnahme für Partitionen neben benutzten Partitionen gilt nur, wenn als root ausgeführt; der Helfer nimmt sie nicht an</translation>
    </message>
    <message>
        <source>the override for devices open for writing is honoured only when run as root; the helper does not accept it</source>
        <translation>die Ausnahme für zum Schreiben geöffnete Geräte gilt nur, wenn als root ausgeführt; der Helfer nimmt sie nicht an</translation>
    </message>
</context>
<context>
    <name>SafetyPolicy</name>
    <message>
        <source>%1 holds the root file system of this computer</source>
        <translation>%1 enthält das Wurzeldateisystem dieses Computers</translation>
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
    <message>
        <source>%1 has no medium</source>
        <translation>%1 enthält kein Medium</translation>
    </message>
    <message>
        <source>%1 shares its disk %2 with %3, which holds the root file system of this computer</source>
        <translation>%1 liegt auf derselben Platte %2 wie %3, das das Wurzeldateisystem dieses Computers enthält</translation>
    </message>
    <message>
        <source>%1 shares its disk %2 with %3, which is mounted at %4</source>
        <translation>%1 liegt auf derselben Platte %2 wie %3, das unter %4 eingehängt ist</translation>
    </message>
    <message>
        <source>%1 shares its disk %2 with %3, which is in use as swap</source>
        <translation>%1 liegt auf derselben Platte %2 wie %3, das als Swap verwendet wird</translation>
    </message>
    <message>
        <source>%1 shares its disk %2 with %3, which is in use by %4 (device mapper, RAID or similar)</source>
        <translation>%1 liegt auf derselben Platte %2 wie %3, das von %4 verwendet wird (Device-Mapper, RAID oder Ähnliches)</translation>
    </message>
    <message>
        <source>%1 shares its disk %2 with %3, which is in use (the kernel refuses exclusive access: mounted, perhaps in another mount namespace, or held by a program)</source>
        <translation>%1 liegt auf derselben Platte %2 wie %3, das in Gebrauch ist (der Kernel verweigert exklusiven Zugriff: eingehängt, vielleicht in einem anderen Mount-Namensraum, oder von einem Programm belegt)</translation>
    </message>
    <message>
        <source>/dev/%1 is open for writing by process %2 (%3): its data would be destroyed under it</source>
        <translation>/dev/%1 ist von Prozess %2 (%3) zum Schreiben geöffnet: seine Daten würden ihm unter der Hand zerstört</translation>
    </message>
</context>
<context>
    <name>SimulatedFsBench</name>
    <message>
        <source>cancelled</source>
        <translation>abgebrochen</translation>
    </message>
    <message>
        <source>%1 does not support discard (TRIM).</source>
        <translation>%1 unterstützt kein Discard (TRIM).</translation>
    </message>
    <message>
        <source>simulated drives replay recorded discards, and there is no record for %1</source>
        <translation>simulierte Laufwerke spielen aufgezeichnete Discards nach, und für %1 gibt es keine Aufzeichnung</translation>
    </message>
    <message>
        <source>simulated: the recorded discards (%1) replayed against this drive&apos;s latency model</source>
        <translation>simuliert: die aufgezeichneten Discards (%1) gegen das Latenzmodell dieses Laufwerks nachgespielt</translation>
    </message>
</context>
<context>
    <name>Stall</name>
    <message>
        <source>fio&apos;s latency log could not be read: line %1 is not &quot;msec, nsec, direction, size&quot;</source>
        <translation>fios Latenzprotokoll war nicht lesbar: Zeile %1 hat nicht die Form „msec, nsec, Richtung, Größe“</translation>
    </message>
    <message>
        <source>invalid stall test: %1</source>
        <translation>ungültiger Stall-Test: %1</translation>
    </message>
    <message>
        <source>Reads alone</source>
        <translation>Nur Lesen</translation>
    </message>
    <message>
        <source>Small discards</source>
        <translation>Kleine Discards</translation>
    </message>
    <message>
        <source>Medium discards</source>
        <translation>Mittlere Discards</translation>
    </message>
    <message>
        <source>Whole-region discards</source>
        <translation>Discards des ganzen Bereichs</translation>
    </message>
    <message>
        <source>the read region (%1) must be at least 1 MiB, in 4 KiB steps</source>
        <translation>der Lesebereich (%1) muss mindestens 1 MiB groß sein, in Schritten von 4 KiB</translation>
    </message>
    <message>
        <source>the discard region (%1) must be a positive multiple of 4 KiB</source>
        <translation>der Discard-Bereich (%1) muss ein positives Vielfaches von 4 KiB sein</translation>
    </message>
    <message>
        <source>the read and discard regions (%1 + %2) do not fit on the device (%3)</source>
        <translation>Lese- und Discard-Bereich (%1 + %2) passen nicht auf das Gerät (%3)</translation>
    </message>
    <message>
        <source>the %1 discard size (%2) must be a positive multiple of 4 KiB</source>
        <translation>die Discard-Größe „%1“ (%2) muss ein positives Vielfaches von 4 KiB sein</translation>
    </message>
    <message>
        <source>%1 discards of %2 do not fit in the discard region (%3)</source>
        <translation>%1 Discards zu %2 passen nicht in den Discard-Bereich (%3)</translation>
    </message>
    <message>
        <source>%1 %2 discards: between 0 and %3</source>
        <translation>%1 Discards „%2“: zwischen 0 und %3</translation>
    </message>
    <message>
        <source>no discard at all</source>
        <translation>überhaupt kein Discard</translation>
    </message>
    <message>
        <source>the baseline must be at least 1 s, the gap after each discard between 0.1 s and 60 s</source>
        <translation>die Grundmessung muss mindestens 1 s dauern, die Pause nach jedem Discard zwischen 0,1 s und 60 s</translation>
    </message>
    <message>
        <source>the latency limit must be above 0 and at most 60 s</source>
        <translation>die Latenzgrenze muss über 0 und höchstens 60 s sein</translation>
    </message>
    <message>
        <source>the run would take longer than an hour (%1)</source>
        <translation>der Lauf würde länger als eine Stunde dauern (%1)</translation>
    </message>
    <message>
        <source>not a valid stall result: %1</source>
        <translation>kein gültiges Stall-Ergebnis: %1</translation>
    </message>
    <message>
        <source>No stall measured: the run ended before a discard ran.</source>
        <translation>Kein Stau gemessen: der Lauf endete, bevor ein Discard lief.</translation>
    </message>
    <message>
        <source>while %1 discards ran, I/O stalled for up to %2 (reads alone: median %3, longest %4); each discard held I/O up for %5 in total (median)</source>
        <translation>während Discards zu %1 liefen, stockten die Zugriffe bis zu %2 (nur Lesen: Median %3, längster %4); jeder Discard hielt die Zugriffe insgesamt %5 auf (Median)</translation>
    </message>
    <message>
        <source>Passed: %1; no I/O took longer than %2 (limit %3).</source>
        <translation>Bestanden: %1; kein Zugriff dauerte länger als %2 (Grenze %3).</translation>
    </message>
    <message>
        <source>Failed: %1; the slowest I/O took %2, over the limit of %3.</source>
        <translation>Nicht bestanden: %1; der langsamste Zugriff dauerte %2, über der Grenze von %3.</translation>
    </message>
    <message>
        <source>the latency limit is not a positive time</source>
        <translation>die Latenzgrenze ist keine positive Zeit</translation>
    </message>
    <message>
        <source>unknown phase &quot;%1&quot;</source>
        <translation>unbekannte Phase „%1“</translation>
    </message>
    <message>
        <source>a phase without its times</source>
        <translation>eine Phase ohne ihre Zeiten</translation>
    </message>
    <message>
        <source>a negative latency in phase &quot;%1&quot;</source>
        <translation>eine negative Latenz in Phase „%1“</translation>
    </message>
    <message>
        <source>a discard of unknown phase &quot;%1&quot;</source>
        <translation>ein Discard der unbekannten Phase „%1“</translation>
    </message>
    <message>
        <source>a discard with a negative time</source>
        <translation>ein Discard mit negativer Zeit</translation>
    </message>
    <message>
        <source>the timeline has no bucket width</source>
        <translation>der Zeitverlauf hat keine Intervallbreite</translation>
    </message>
    <message>
        <source>a negative latency in the timeline</source>
        <translation>eine negative Latenz im Zeitverlauf</translation>
    </message>
    <message>
        <source>discard outside the device</source>
        <translation>Discard außerhalb des Geräts</translation>
    </message>
    <message>
        <source>BLKDISCARD of %1 bytes at %2 failed: %3</source>
        <translation>BLKDISCARD von %1 Bytes bei %2 ist fehlgeschlagen: %3</translation>
    </message>
    <message>
        <source>fio&apos;s log path must be absolute, without &apos;:&apos; or &apos;$&apos;</source>
        <translation>fios Protokollpfad muss absolut sein, ohne „:“ oder „$“</translation>
    </message>
    <message>
        <source>cannot create a directory for fio&apos;s log: %1</source>
        <translation>kann kein Verzeichnis für fios Protokoll anlegen: %1</translation>
    </message>
    <message>
        <source>fio wrote no latency log</source>
        <translation>fio hat kein Latenzprotokoll geschrieben</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>abgebrochen</translation>
    </message>
    <message>
        <source>there is no simulated drive &apos;%1&apos;</source>
        <translation>es gibt kein simuliertes Laufwerk „%1“</translation>
    </message>
    <message>
        <source>the simulated drive &apos;%1&apos; has no TRIM</source>
        <translation>das simulierte Laufwerk „%1“ hat kein TRIM</translation>
    </message>
</context>
<context>
    <name>StallView</name>
    <message>
        <source>I/O latency while discards run</source>
        <translation>Zugriffslatenz, während Discards laufen</translation>
    </message>
    <message>
        <source>Time (s)</source>
        <translation>Zeit (s)</translation>
    </message>
    <message>
        <source>Longest I/O latency (ms, log scale)</source>
        <translation>Längste Latenz (ms, logarithmisch)</translation>
    </message>
    <message>
        <source>QD1 4 KiB reads and writes</source>
        <translation>4-KiB-Lese- und Schreibvorgänge, QD1</translation>
    </message>
    <message>
        <source>QD1 4 KiB reads</source>
        <translation>4-KiB-Lesevorgänge, QD1</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>limit %1</source>
        <translation>Grenze %1</translation>
    </message>
    <message>
        <source>Phase</source>
        <translation>Phase</translation>
    </message>
    <message>
        <source>Discard size</source>
        <translation>Discard-Größe</translation>
    </message>
    <message>
        <source>Discard takes</source>
        <translation>Discard dauert</translation>
    </message>
    <message>
        <source>I/Os</source>
        <translation>Zugriffe</translation>
    </message>
    <message>
        <source>Latency p50</source>
        <translation>Latenz p50</translation>
    </message>
    <message>
        <source>p99</source>
        <translation>p99</translation>
    </message>
    <message>
        <source>p99.9</source>
        <translation>p99,9</translation>
    </message>
    <message>
        <source>max</source>
        <translation>max</translation>
    </message>
    <message>
        <source>Added per discard</source>
        <translation>Zusätzlich je Discard</translation>
    </message>
    <message>
        <source>Longest stall</source>
        <translation>Längster Stau</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>The run did not complete: %1</source>
        <translation>Der Lauf wurde nicht abgeschlossen: %1</translation>
    </message>
    <message>
        <source>Latency (ms)</source>
        <translation>Latenz (ms)</translation>
    </message>
</context>
<context>
    <name>StdinPrompt</name>
    <message>
        <source>Passphrase of /dev/mapper/%1 for cryptsetup refresh (empty to skip): </source>
        <translation>Passphrase von /dev/mapper/%1 für cryptsetup refresh (leer zum Überspringen): </translation>
    </message>
</context>
<context>
    <name>SweepResult</name>
    <message>
        <source>%1 of the %2 samples the rule needs before it judges</source>
        <translation>%1 der %2 Messungen, die die Regel vor einem Urteil braucht</translation>
    </message>
    <message>
        <source>±%1 %</source>
        <translation>±%1 %</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>unbekannt</translation>
    </message>
    <message>
        <source>target ±%1 % not reached</source>
        <translation>Ziel ±%1 % nicht erreicht</translation>
    </message>
    <message>
        <source>the time budget ran out</source>
        <translation>das Zeitbudget war aufgebraucht</translation>
    </message>
    <message>
        <source>no fresh region of this size was left on the device</source>
        <translation>auf dem Gerät war kein unbenutzter Bereich dieser Größe mehr frei</translation>
    </message>
    <message>
        <source>the sweep was cancelled</source>
        <translation>der Durchlauf wurde abgebrochen</translation>
    </message>
    <message>
        <source>the sweep failed</source>
        <translation>der Durchlauf ist fehlgeschlagen</translation>
    </message>
    <message>
        <source>%1, %2: %3</source>
        <translation>%1, %2: %3</translation>
    </message>
</context>
<context>
    <name>SystemdUnits</name>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>%1 is %2, not %3, after systemd was asked.</source>
        <translation>%1 ist %2, nicht %3, nachdem systemd gefragt wurde.</translation>
    </message>
    <message>
        <source>systemd is not running here (it is not process 1), so %1 cannot be enabled.</source>
        <translation>systemd läuft hier nicht (es ist nicht Prozess 1), %1 kann also nicht aktiviert werden.</translation>
    </message>
    <message>
        <source>systemd did not reload its configuration</source>
        <translation>systemd hat seine Konfiguration nicht neu geladen</translation>
    </message>
    <message>
        <source>systemd did not unmask %1</source>
        <translation>systemd hat %1 nicht demaskiert</translation>
    </message>
    <message>
        <source>systemd did not enable %1</source>
        <translation>systemd hat %1 nicht aktiviert</translation>
    </message>
    <message>
        <source>systemd did not start %1</source>
        <translation>systemd hat %1 nicht gestartet</translation>
    </message>
    <message>
        <source>systemd did not stop %1</source>
        <translation>systemd hat %1 nicht angehalten</translation>
    </message>
    <message>
        <source>systemd did not disable %1</source>
        <translation>systemd hat %1 nicht deaktiviert</translation>
    </message>
    <message>
        <source>systemd did not mask %1</source>
        <translation>systemd hat %1 nicht maskiert</translation>
    </message>
    <message>
        <source>systemd did not start %1: its conditions do not hold on this system (fstrim.timer, for one, does not run in a container: the host trims its disks).</source>
        <translation>systemd hat %1 nicht gestartet: Seine Bedingungen gelten auf diesem System nicht (fstrim.timer zum Beispiel läuft nicht in einem Container: Der Host trimmt seine Datenträger).</translation>
    </message>
    <message>
        <source>%1: polkit asked for the administrator password for %2, and it was not given or not accepted. Nothing was changed.</source>
        <translation>%1: polkit hat nach dem Administratorpasswort für %2 gefragt, und es wurde nicht eingegeben oder nicht angenommen. Es wurde nichts geändert.</translation>
    </message>
</context>
<context>
    <name>TrimAdvice</name>
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
        <translation>; am Ende des Tests noch langsam</translation>
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
        <source>this drive</source>
        <translation>dieses Laufwerk</translation>
    </message>
    <message>
        <source>Mount %1 with discard</source>
        <translation>%1 mit discard einhängen</translation>
    </message>
    <message>
        <source>Mount %1 without discard</source>
        <translation>%1 ohne discard einhängen</translation>
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
        <source>A background probe (trimscope-cli background-probe) that finds the drive trimming in the background would make it &apos;prefer fstrim&apos;.</source>
        <translation>Eine Hintergrundmessung (trimscope-cli background-probe), die zeigt, dass das Laufwerk im Hintergrund trimmt, würde daraus „fstrim bevorzugen“ machen.</translation>
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
        <source>Longest I/O stall beside %1 discards</source>
        <translation>Längster Zugriffsstau neben Discards zu %1</translation>
    </message>
    <message>
        <source>I/O time lost per %1 discard</source>
        <translation>Verlorene Zugriffszeit je Discard zu %1</translation>
    </message>
    <message>
        <source>median over the discards of the time the reads around each one took beyond the typical read</source>
        <translation>Median über die Discards der Zeit, die die Lesevorgänge um jeden herum über einen typischen Lesevorgang hinaus brauchten</translation>
    </message>
    <message>
        <source>Slowest I/O while discards ran</source>
        <translation>Langsamster Zugriff, während Discards liefen</translation>
    </message>
    <message>
        <source>%1 against a limit of %2 (Microsoft&apos;s TRIM performance criterion)</source>
        <translation>%1 gegen eine Grenze von %2 (Microsofts TRIM-Leistungskriterium)</translation>
    </message>
    <message>
        <source>passed</source>
        <translation>bestanden</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>nicht bestanden</translation>
    </message>
    <message>
        <source>A stall test (trimscope-cli stall) in which small discards hold other I/O up for over %1 would make it &apos;prefer fstrim&apos;.</source>
        <translation>Ein Stall-Test (trimscope-cli stall), in dem kleine Discards andere Zugriffe länger als %1 aufhalten, würde daraus „lieber fstrim“ machen.</translation>
    </message>
    <message>
        <source>Leave discard off on %1 and run fstrim weekly at an idle time: while it trims, the drive holds other I/O up; beside %2 discards, as online discard sends them, reads stalled for up to %3 (alone they take %4), and each discard cost the I/O around it %5%6.</source>
        <translation>Lassen Sie discard auf %1 aus und führen Sie fstrim wöchentlich zu einer ruhigen Zeit aus: während es trimmt, hält das Laufwerk andere Zugriffe auf; neben Discards zu %2, wie Online-Discard sie sendet, stockten Lesevorgänge bis zu %3 (allein dauern sie %4), und jeder Discard kostete die Zugriffe um ihn herum %5%6.</translation>
    </message>
    <message>
        <source>Discards stall other I/O on this drive</source>
        <translation>Discards halten auf diesem Laufwerk andere Zugriffe auf</translation>
    </message>
    <message>
        <source>high</source>
        <translation>hoch</translation>
    </message>
    <message>
        <source>medium</source>
        <translation>mittel</translation>
    </message>
    <message>
        <source>low</source>
        <translation>niedrig</translation>
    </message>
    <message>
        <source>%1x</source>
        <translation>%1x</translation>
    </message>
    <message>
        <source> on %1</source>
        <translation> auf %1</translation>
    </message>
    <message>
        <source>measured: a tree of %1 files, %2 deleted%3</source>
        <translation>gemessen: ein Baum von %1 Dateien, %2 gelöscht%3</translation>
    </message>
    <message>
        <source>measured on a kernel-sized tree</source>
        <translation>gemessen an einem Baum von Kernelgröße</translation>
    </message>
    <message>
        <source>extrapolated from smaller trees measured on this drive</source>
        <translation>hochgerechnet aus kleineren, auf diesem Laufwerk gemessenen Bäumen</translation>
    </message>
    <message>
        <source>scaled from one smaller tree measured on this drive</source>
        <translation>skaliert von einem kleineren, auf diesem Laufwerk gemessenen Baum</translation>
    </message>
    <message>
        <source>%1 files, %2</source>
        <translation>%1 Dateien, %2</translation>
    </message>
    <message>
        <source>%1: deleting a tree of %2 with discard (measured)</source>
        <translation>%1: Löschen eines Baums von %2 mit discard (gemessen)</translation>
    </message>
    <message>
        <source>%1 without discard; %2 discard commands reached the drive, %3 in total</source>
        <translation>%1 ohne Discard; %2 Discard-Befehle erreichten das Laufwerk, insgesamt %3</translation>
    </message>
    <message>
        <source>%1 discard commands reached the drive, %2 in total</source>
        <translation>%1 Discard-Befehle erreichten das Laufwerk, insgesamt %2</translation>
    </message>
    <message>
        <source>%1 is on a drive of the same model as the measured one.</source>
        <translation>%1 liegt auf einem Laufwerk desselben Modells wie das gemessene.</translation>
    </message>
    <message>
        <source>Mount %1 filesystems on %2 with discard</source>
        <translation>%1-Dateisysteme auf %2 mit Discard einhängen</translation>
    </message>
    <message>
        <source>The 4th field of the line of each %1 filesystem you put on this drive, in the /etc/fstab of the computer it is in.</source>
        <translation>Das 4. Feld der Zeile jedes %1-Dateisystems, das Sie auf dieses Laufwerk legen, in der /etc/fstab des Computers, in dem es steckt.</translation>
    </message>
    <message>
        <source>Mount %1 filesystems on %2 without discard</source>
        <translation>%1-Dateisysteme auf %2 ohne Discard einhängen</translation>
    </message>
    <message>
        <source>The 4th field of the line of each %1 filesystem you put on this drive, in the /etc/fstab of the computer it is in: no discard option.</source>
        <translation>Das 4. Feld der Zeile jedes %1-Dateisystems, das Sie auf dieses Laufwerk legen, in der /etc/fstab des Computers, in dem es steckt: keine Option discard.</translation>
    </message>
    <message>
        <source>No drive was measured: the advice is about this computer&apos;s audit alone.</source>
        <translation>Kein Laufwerk wurde gemessen: der Rat betrifft nur die Prüfung dieses Computers.</translation>
    </message>
    <message>
        <source>No audit of this computer was given: the lines below are for filesystems on %1, with placeholders.</source>
        <translation>Keine Prüfung dieses Computers wurde angegeben: die Zeilen unten gelten für Dateisysteme auf %1, mit Platzhaltern.</translation>
    </message>
    <message>
        <source>%1 is simulated: no filesystem of this computer is on it, so nothing on this computer changes because of its verdict.</source>
        <translation>%1 ist simuliert: kein Dateisystem dieses Computers liegt darauf, also ändert sein Urteil nichts an diesem Computer.</translation>
    </message>
    <message>
        <source>None of this computer&apos;s filesystems is on %1 or on a drive of the same model, so nothing on this computer changes because of its verdict.</source>
        <translation>Keines der Dateisysteme dieses Computers liegt auf %1 oder auf einem Laufwerk desselben Modells, also ändert sein Urteil nichts an diesem Computer.</translation>
    </message>
    <message>
        <source>On this computer the verdict applies to %1: on %2 or on a drive of the same model.</source>
        <translation>Auf diesem Computer gilt das Urteil für %1: auf %2 oder auf einem Laufwerk desselben Modells.</translation>
    </message>
    <message>
        <source>On this computer the verdict applies to %1, on %2.</source>
        <translation>Auf diesem Computer gilt das Urteil für %1, auf %2.</translation>
    </message>
    <message>
        <source>With the other filesystems online discard is fine: it would add about %1.</source>
        <translation>Mit den anderen Dateisystemen ist Online-Discard in Ordnung: er käme auf etwa %1 dazu.</translation>
    </message>
    <message>
        <source>%1: prefer fstrim: the drive trims in the background, so the TRIM times understate what discards cost.</source>
        <translation>%1: fstrim bevorzugen: das Laufwerk führt TRIM im Hintergrund aus, also unterschätzen die TRIM-Zeiten, was Discards kosten.</translation>
    </message>
    <message>
        <source>%1 (%2 – %3)</source>
        <translation>%1 (%2 – %3)</translation>
    </message>
    <message>
        <source>%1: online discard is fine: about %2 extra per kernel-sized delete, under the %3 limit.</source>
        <translation>%1: Online-Discard ist in Ordnung: etwa %2 zusätzlich je Löschen in Kernelgröße, unter der Grenze von %3.</translation>
    </message>
    <message>
        <source>%1: prefer fstrim: about %2 extra per kernel-sized delete, over the %3 limit.</source>
        <translation>%1: fstrim bevorzugen: etwa %2 zusätzlich je Löschen in Kernelgröße, über der Grenze von %3.</translation>
    </message>
    <message>
        <source>Not enough data for a verdict: measure the drive first, with a TRIM sweep or, better, the diagnosis.</source>
        <translation>Nicht genug Daten für ein Urteil: Messen Sie das Laufwerk zuerst, mit einem TRIM-Durchlauf oder besser der Diagnose.</translation>
    </message>
    <message>
        <source>Undecided: too close to call</source>
        <translation>Unentschieden: zu knapp für ein Urteil</translation>
    </message>
    <message>
        <source>recorded on another drive</source>
        <translation>auf einem anderen Laufwerk aufgezeichnet</translation>
    </message>
    <message>
        <source>literature figures (kernel 3.1), history only</source>
        <translation>Zahlen aus der Literatur (Kernel 3.1), nur noch Geschichte</translation>
    </message>
    <message>
        <source>no empty-space check: priced like written data</source>
        <translation>keine Prüfung leeren Speichers: bewertet wie geschriebene Daten</translation>
    </message>
    <message>
        <source>the sweep&apos;s empty-space check</source>
        <translation>die Prüfung leeren Speichers im Durchlauf</translation>
    </message>
    <message>
        <source>%1 discards: %2 of them trim the tree&apos;s data at %3 each (the curve), the rest free space trimmed before at %4 each (%5); between %6 and %7 (within %8: %9); %10</source>
        <translation>%1 Discards: %2 davon trimmen die Daten des Baums zu je %3 (die Kurve), der Rest schon zuvor getrimmten freien Platz zu je %4 (%5); zwischen %6 und %7 (auf %8 genau: %9); %10</translation>
    </message>
    <message>
        <source>The delete was measured at full size, so only the TRIM times&apos; spread is left: a longer sweep narrows it.</source>
        <translation>Das Löschen wurde in voller Größe gemessen, offen ist nur noch die Streuung der TRIM-Zeiten: ein längerer Durchlauf engt sie ein.</translation>
    </message>
    <message>
        <source>Deleting a kernel-sized tree on the drive decides it: the filesystem experiment&apos;s kernel preset, or a diagnosis with time for it.</source>
        <translation>Das Löschen eines Baums in Kernelgröße auf dem Laufwerk entscheidet es: die Kernel-Vorgabe des Dateisystem-Experiments oder eine Diagnose mit Zeit dafür.</translation>
    </message>
    <message>
        <source>The filesystem experiment on the drive decides it (its kernel preset, or the diagnosis): the figures now are recorded on another drive.</source>
        <translation>Das Dateisystem-Experiment auf dem Laufwerk entscheidet es (seine Kernel-Vorgabe oder die Diagnose): die Zahlen jetzt stammen von einem anderen Laufwerk.</translation>
    </message>
    <message>
        <source>Undecided for %1: with %2, deleting a kernel-sized tree with online discard would cost about %3 extra, somewhere between %4 and %5, across the %6 limit (the estimate is good to within %7)%8. %9 Until then, leave discard off and run fstrim weekly: that is never harmful.</source>
        <translation>Unentschieden für %1: mit %2 würde das Löschen eines Baums in Kernelgröße mit Online-Discard etwa %3 länger dauern, irgendwo zwischen %4 und %5, über die Grenze von %6 hinweg (die Schätzung ist auf %7 genau)%8. %9 Lassen Sie bis dahin discard aus und führen Sie fstrim wöchentlich aus: Das schadet nie.</translation>
    </message>
    <message>
        <source>With %1, a kernel-sized delete measured on the drive settles it: under %2 extra, online discard is fine; over it, fstrim.</source>
        <translation>Mit %1 entscheidet ein auf dem Laufwerk gemessenes Löschen in Kernelgröße: unter %2 zusätzlich ist Online-Discard in Ordnung, darüber fstrim.</translation>
    </message>
    <message>
        <source>The filesystem experiment on this drive replaces the discard figures recorded on another drive with its own.</source>
        <translation>Das Dateisystem-Experiment auf diesem Laufwerk ersetzt die auf einem anderen Laufwerk aufgezeichneten Discard-Zahlen durch eigene.</translation>
    </message>
    <message>
        <source>%1&apos;s discard figures were recorded on another drive, not measured on this one</source>
        <translation>die Discard-Zahlen von %1 stammen von einem anderen Laufwerk, nicht von diesem</translation>
    </message>
    <message>
        <source>%1&apos;s estimate is too close to its limit to call</source>
        <translation>die Schätzung für %1 liegt zu nah an ihrer Grenze für ein Urteil</translation>
    </message>
    <message>
        <source>%1: undecided: about %2 extra per kernel-sized delete, across the %3 limit.</source>
        <translation>%1: unentschieden: etwa %2 zusätzlich je Löschen in Kernelgröße, über die Grenze von %3 hinweg.</translation>
    </message>
    <message>
        <source>scaled from one tree of %1 files, %2, deleted%3: commands grow with the tree to the power %4, the middle of what was recorded for this filesystem, bytes in proportion</source>
        <translation>hochgerechnet von einem Baum mit %1 Dateien, %2, gelöscht%3: die Befehle wachsen mit dem Baum hoch %4, der Mitte dessen, was für dieses Dateisystem aufgezeichnet ist, die Bytes proportional</translation>
    </message>
    <message>
        <source>recorded on Linux 6.1: deleting the kernel tree on ext4 sent about 360 discards of 48 MiB on average</source>
        <translation>aufgezeichnet unter Linux 6.1: das Löschen des Kernel-Baums auf ext4 schickte etwa 360 Discards von im Mittel 48 MiB</translation>
    </message>
    <message>
        <source>recorded on Linux 6.1: deleting the kernel tree on XFS made by Debian 13&apos;s mkfs sent about 439 discards of 1.3 MiB on average</source>
        <translation>aufgezeichnet unter Linux 6.1: das Löschen des Kernel-Baums auf einem von Debian 13s mkfs angelegten XFS schickte etwa 439 Discards von im Mittel 1,3 MiB</translation>
    </message>
    <message>
        <source>This lasts until the next boot only: no line in /etc/fstab mounts %1, so whatever mounts it at boot must say %2 too.</source>
        <translation>Das hält nur bis zum nächsten Start: Keine Zeile in /etc/fstab hängt %1 ein, also muss auch das, was es beim Start einhängt, %2 sagen.</translation>
    </message>
    <message>
        <source>since boot, %1 ago</source>
        <translation>seit dem Start vor %1</translation>
    </message>
    <message>
        <source>over %1 watched</source>
        <translation>in %1 Beobachtung</translation>
    </message>
    <message>
        <source>%1 (%2 on %3)</source>
        <translation>%1 (%2 auf %3)</translation>
    </message>
    <message>
        <source>a timed fstrim of its free space took %1 for %2, the longest piece %3</source>
        <translation>ein zeitgemessenes fstrim seines freien Speichers dauerte %1 für %2, das längste Stück %3</translation>
    </message>
    <message>
        <source>%1 has online discard on, but its drive served no discard %2; watch it for an hour or more while it is in use.</source>
        <translation>%1 hat Online-Discard an, aber sein Laufwerk hat %2 keinen Discard bedient; beobachten Sie es eine Stunde oder länger im Betrieb.</translation>
    </message>
    <message>
        <source>the timed fstrim of %1 trimmed nothing new: the filesystem remembers what it trimmed since it was mounted. Run it again after the next boot to measure what trimming costs.</source>
        <translation>das zeitgemessene fstrim von %1 hat nichts Neues getrimmt: Das Dateisystem merkt sich, was es seit dem Einhängen getrimmt hat. Nach dem nächsten Neustart erneut ausführen, um zu messen, was das Trimmen kostet.</translation>
    </message>
    <message>
        <source>a timed fstrim of a filesystem on it measures what trimming its free space costs; a watch of a filesystem with online discard measures what discard costs.</source>
        <translation>ein zeitgemessenes fstrim eines Dateisystems darauf misst, was das Trimmen seines freien Speichers kostet; eine Beobachtung eines Dateisystems mit Online-Discard misst, was Discard kostet.</translation>
    </message>
    <message>
        <source>%1: drive time on discards a day, in use</source>
        <translation>%1: Laufwerkszeit für Discards am Tag, im Betrieb</translation>
    </message>
    <message>
        <source>online discard is on</source>
        <translation>Online-Discard ist an</translation>
    </message>
    <message>
        <source>online discard is off: these are fstrim&apos;s and others&apos;</source>
        <translation>Online-Discard ist aus: dies sind die von fstrim und anderen</translation>
    </message>
    <message>
        <source>%1: one discard of %2 on average, in use</source>
        <translation>%1: ein Discard von im Mittel %2, im Betrieb</translation>
    </message>
    <message>
        <source>measured on this drive in use: its device time over the discards it served</source>
        <translation>gemessen an diesem Laufwerk im Betrieb: seine Gerätezeit über die bedienten Discards</translation>
    </message>
    <message>
        <source>%1: extra time to delete a kernel tree with discard, on this drive in use</source>
        <translation>%1: zusätzliche Zeit zum Löschen eines Kernel-Baums mit Discard, auf diesem Laufwerk im Betrieb</translation>
    </message>
    <message>
        <source>%1&apos;s recorded %2 discards (%3) for the kernel tree, each priced on a line through this drive&apos;s time per discard in use and the timed fstrim&apos;s (larger) discards</source>
        <translation>die für den Kernel-Baum aufgezeichneten %2 Discards von %1 (%3), jeder bewertet auf einer Geraden durch die Zeit je Discard dieses Laufwerks im Betrieb und die (größeren) Discards des zeitgemessenen fstrim</translation>
    </message>
    <message>
        <source>%1&apos;s recorded %2 discards (%3) for the kernel tree, each between this drive&apos;s average time per discard in use and that time grown with the size (only discards of one size were timed, so which is not known)</source>
        <translation>die für den Kernel-Baum aufgezeichneten %2 Discards von %1 (%3), jeder zwischen der mittleren Zeit je Discard dieses Laufwerks im Betrieb und dieser Zeit, mit der Größe gewachsen (nur Discards einer Größe wurden gemessen, also ist offen, welches gilt)</translation>
    </message>
    <message>
        <source>; between %1 and %2, against the %3 limit</source>
        <translation>; zwischen %1 und %2, gegen die Grenze von %3</translation>
    </message>
    <message>
        <source>%1: timed fstrim of its free space</source>
        <translation>%1: zeitgemessenes fstrim seines freien Speichers</translation>
    </message>
    <message>
        <source>measured on this drive in use: it trimmed nothing new (the filesystem remembers what it trimmed since it was mounted)</source>
        <translation>gemessen an diesem Laufwerk im Betrieb: es hat nichts Neues getrimmt (das Dateisystem merkt sich, was es seit dem Einhängen getrimmt hat)</translation>
    </message>
    <message>
        <source>measured on this drive in use: %1 trimmed in %2 pieces (%3), %4 discards</source>
        <translation>gemessen an diesem Laufwerk im Betrieb: %1 getrimmt in %2 Stücken (%3), %4 Discards</translation>
    </message>
    <message>
        <source>%1: the longest fstrim piece</source>
        <translation>%1: das längste fstrim-Stück</translation>
    </message>
    <message>
        <source>other I/O meanwhile on the whole run: %1 reads and writes, %2 each on average, at most %3 requests in flight</source>
        <translation>andere E/A dabei über den ganzen Lauf: %1 Lese- und Schreibvorgänge, im Mittel je %2, höchstens %3 Anfragen gleichzeitig unterwegs</translation>
    </message>
    <message>
        <source>These are %1&apos;s own figures, measured in use, not a spare drive&apos;s.</source>
        <translation>Dies sind die eigenen Zahlen von %1, im Betrieb gemessen, nicht die eines Ersatzlaufwerks.</translation>
    </message>
    <message>
        <source>Not enough measured on %1 in use for a verdict: %2</source>
        <translation>Nicht genug an %1 im Betrieb gemessen für ein Urteil: %2</translation>
    </message>
    <message>
        <source>Keep periodic fstrim on %1: discard is off on %2, and %3.</source>
        <translation>Regelmäßiges fstrim auf %1 beibehalten: Discard ist auf %2 aus, und %3.</translation>
    </message>
    <message>
        <source>Keep online discard on %1: %2; a kernel-sized delete would add about %3, under the %4 limit.</source>
        <translation>Online-Discard auf %1 beibehalten: %2; ein Löschen in Kernelgröße würde etwa %3 hinzufügen, unter der Grenze von %4.</translation>
    </message>
    <message>
        <source>Turn online discard off on %1 and run fstrim weekly: %2; a kernel-sized delete would add about %3, over the %4 limit.</source>
        <translation>Online-Discard auf %1 ausschalten und wöchentlich fstrim ausführen: %2; ein Löschen in Kernelgröße würde etwa %3 hinzufügen, über der Grenze von %4.</translation>
    </message>
    <message>
        <source>Undecided for %1: %2; a kernel-sized delete would add about %3, across the %4 limit. Until a diagnosis of a spare drive of its model decides, run fstrim weekly: that is never harmful.</source>
        <translation>Unentschieden für %1: %2; ein Löschen in Kernelgröße würde etwa %3 hinzufügen, über die Grenze von %4 hinweg. Bis eine Diagnose eines Ersatzlaufwerks seines Modells entscheidet, wöchentlich fstrim ausführen: Das schadet nie.</translation>
    </message>
    <message>
        <source>Without it, %1.</source>
        <translation>Ohne ihn: %1.</translation>
    </message>
    <message>
        <source>nothing measured in use prices the choice yet</source>
        <translation>noch nichts im Betrieb Gemessenes bewertet die Wahl</translation>
    </message>
    <message>
        <source>the large delete is priced from the discards %1 sent on another drive (recorded), at this drive&apos;s own times</source>
        <translation>das große Löschen ist nach den Discards bewertet, die %1 auf einem anderen Laufwerk gesendet hat (aufgezeichnet), zu den eigenen Zeiten dieses Laufwerks</translation>
    </message>
    <message>
        <source>only discards of one size were timed in use: how the drive&apos;s time grows with size is not known</source>
        <translation>im Betrieb wurden nur Discards einer Größe gemessen: Wie die Zeit des Laufwerks mit der Größe wächst, ist nicht bekannt</translation>
    </message>
    <message>
        <source>watched for only %1: a day of use shows the usual mix of discards</source>
        <translation>nur %1 beobachtet: Ein Tag Betrieb zeigt die übliche Mischung von Discards</translation>
    </message>
    <message>
        <source>watched for less than a day</source>
        <translation>weniger als einen Tag beobachtet</translation>
    </message>
    <message>
        <source>the delete&apos;s estimate is too close to its limit to call</source>
        <translation>die Schätzung des Löschens liegt zu nah an ihrer Grenze, um zu entscheiden</translation>
    </message>
    <message>
        <source>no watch: how often the drive trims in use is not known</source>
        <translation>keine Beobachtung: Wie oft das Laufwerk im Betrieb trimmt, ist nicht bekannt</translation>
    </message>
    <message>
        <source>Discards taking the drive over %1x as long as measured (%2 each) would bring a large delete over the %3 limit.</source>
        <translation>Discards, die das Laufwerk mehr als %1-mal so lange wie gemessen (%2 je Discard) beschäftigen, brächten ein großes Löschen über die Grenze von %3.</translation>
    </message>
    <message>
        <source>Online discard would be acceptable if its discards took the drive under %1x the time measured (%2 each).</source>
        <translation>Online-Discard wäre annehmbar, wenn seine Discards das Laufwerk weniger als %1-mal so lange wie gemessen (%2 je Discard) beschäftigten.</translation>
    </message>
    <message>
        <source>A timed fstrim of the same filesystem prices larger discards on this drive and narrows the range.</source>
        <translation>Ein zeitgemessenes fstrim desselben Dateisystems bewertet größere Discards auf diesem Laufwerk und engt den Bereich ein.</translation>
    </message>
    <message>
        <source>A diagnosis of a spare drive of the same model measures the TRIM curve and a kernel-sized delete itself; its verdict replaces this one.</source>
        <translation>Eine Diagnose eines Ersatzlaufwerks desselben Modells misst die TRIM-Kurve und ein Löschen in Kernelgröße selbst; ihr Urteil ersetzt dieses.</translation>
    </message>
    <message>
        <source>not systemd</source>
        <translation>nicht systemd</translation>
    </message>
    <message>
        <source>systemd does not run this computer (PID 1 is %1), so fstrim.timer would never fire: cron runs this line every Sunday at 03:30 and trims every mounted filesystem that supports it.</source>
        <translation>systemd läuft auf diesem Computer nicht (PID 1 ist %1), fstrim.timer würde also nie auslösen: cron führt diese Zeile jeden Sonntag um 03:30 aus und trimmt jedes eingehängte Dateisystem, das es unterstützt.</translation>
    </message>
    <message>
        <source>In %1: %2</source>
        <translation>In %1: %2</translation>
    </message>
    <message>
        <source>%1: prefer fstrim: the drive&apos;s discards hold other I/O up, so online discard would make it hang while in use.</source>
        <translation>%1: fstrim bevorzugen: die Discards des Laufwerks halten andere Zugriffe auf, Online-Discard ließe es also im Betrieb hängen.</translation>
    </message>
    <message>
        <source>mount with discard</source>
        <translation>mit discard einhängen</translation>
    </message>
    <message>
        <source>undecided, leave discard off for now</source>
        <translation>unentschieden, discard vorerst weglassen</translation>
    </message>
    <message>
        <source>leave discard off, run fstrim weekly</source>
        <translation>discard weglassen, wöchentlich fstrim ausführen</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>In a computer that systemd runs: systemctl enable --now fstrim.timer.</source>
        <translation>In einem Computer, auf dem systemd läuft: systemctl enable --now fstrim.timer.</translation>
    </message>
    <message>
        <source>%1 a day</source>
        <translation>%1 am Tag</translation>
    </message>
    <message>
        <source>%1 of drive time, %2 of the %3 watched (too short a window for a daily rate)</source>
        <translation>%1 Laufwerkszeit, %2 der beobachteten %3 (ein zu kurzes Fenster für einen Tageswert)</translation>
    </message>
    <message>
        <source>its counters since boot are not its own: %1.</source>
        <translation>seine Zähler seit dem Start sind nicht seine eigenen: %1.</translation>
    </message>
    <message>
        <source>%1 has online discard on and its drive served %2 discards (%3), but no delete of %4 is recorded to price a large delete by.</source>
        <translation>%1 hat Online-Discard an, und sein Laufwerk hat %2 Discards bedient (%3), aber für %4 ist kein Löschen aufgezeichnet, nach dem sich ein großes Löschen bemessen ließe.</translation>
    </message>
    <message>
        <source>%1: drive time on discards over the %2 watched, in use</source>
        <translation>%1: Laufwerkszeit für Discards in den beobachteten %2, im Betrieb</translation>
    </message>
    <message>
        <source>; %1 of the window. A window under an hour is no daily rate: whatever burst it caught fills it.</source>
        <translation>; %1 des Fensters. Ein Fenster unter einer Stunde ergibt keinen Tageswert: Es füllt sich mit dem Schub, den es erwischt hat.</translation>
    </message>
    <message>
        <source>A watch of an hour or more while the drive is in use (or its counters since boot) tells how much drive time discards take a day; the %1 watched shows only what happened in it.</source>
        <translation>Eine Beobachtung von einer Stunde oder mehr im Betrieb (oder die Zähler seit dem Start) zeigt, wie viel Laufwerkszeit Discards am Tag kosten; die beobachteten %1 zeigen nur, was darin geschah.</translation>
    </message>
    <message>
        <source>background TRIM: not known (the computer was busy)</source>
        <translation>Hintergrund-TRIM: unbekannt (der Computer war beschäftigt)</translation>
    </message>
    <message>
        <source>Replace the line for %1 in /etc/fstab; it takes effect at the next mount (or at once: %2).</source>
        <translation>Ersetzen Sie die Zeile für %1 in /etc/fstab; sie wirkt beim nächsten Einhängen (oder sofort: %2).</translation>
    </message>
    <message>
        <source>The kernel sends this drive no TRIM</source>
        <translation>Der Kernel schickt diesem Laufwerk kein TRIM</translation>
    </message>
    <message>
        <source>Linux&apos;s libata lists drives matching &quot;%1&quot; as having broken TRIM (quirk NOTRIM) and sends them none: neither discard nor fstrim reaches it.</source>
        <translation>Die libata von Linux führt Laufwerke, auf die &quot;%1&quot; passt, mit defektem TRIM (Quirk NOTRIM) und schickt ihnen keines: weder Discard noch fstrim erreicht es.</translation>
    </message>
    <message>
        <source>Linux&apos;s libata turns queued TRIM off for drives matching &quot;%1&quot; (quirk NO_NCQ_TRIM): each discard waits until the drive&apos;s queue is empty and every other read and write waits behind it, so online discard costs more on this drive than its TRIM times show. A weekly fstrim pays that once, at a time you choose.</source>
        <translation>Die libata von Linux schaltet Queued TRIM für Laufwerke ab, auf die &quot;%1&quot; passt (Quirk NO_NCQ_TRIM): jedes Discard wartet, bis die Warteschlange des Laufwerks leer ist, und jedes andere Lesen und Schreiben wartet dahinter; Online-Discard kostet auf diesem Laufwerk also mehr, als seine TRIM-Zeiten zeigen. Ein wöchentliches fstrim zahlt das einmal, zu einer Zeit Ihrer Wahl.</translation>
    </message>
    <message>
        <source>The stall test measured what it costs here: %1</source>
        <translation>Der Stall-Test hat gemessen, was es hier kostet: %1</translation>
    </message>
    <message>
        <source>A stall test (trimscope-cli stall) measures how long other I/O waits behind its discards.</source>
        <translation>Ein Stall-Test (trimscope-cli stall) misst, wie lange andere Zugriffe hinter seinen Discards warten.</translation>
    </message>
    <message>
        <source>The kernel sends this drive&apos;s TRIM unqueued</source>
        <translation>Der Kernel schickt das TRIM dieses Laufwerks ohne Warteschlange</translation>
    </message>
    <message>
        <source>%1 (btrfs): async discard still holds this drive up</source>
        <translation>%1 (btrfs): asynchrones Discard hält dieses Laufwerk trotzdem auf</translation>
    </message>
    <message>
        <source>the kernel sends this drive&apos;s TRIM unqueued (libata quirk NO_NCQ_TRIM for &quot;%1&quot;): the counters time its discards, not the I/O that waited behind them</source>
        <translation>der Kernel schickt das TRIM dieses Laufwerks ohne Warteschlange (libata-Quirk NO_NCQ_TRIM für &quot;%1&quot;): die Zähler messen seine Discards, nicht die Zugriffe, die dahinter warteten</translation>
    </message>
    <message>
        <source>btrfs discards %1 asynchronously, off the delete path, but each discard still holds this drive&apos;s other I/O up (the stall test): async only spreads the stalls over the day.</source>
        <translation>btrfs verwirft auf %1 asynchron, abseits des Löschpfads, aber jedes Discard hält die anderen Zugriffe dieses Laufwerks trotzdem auf (der Stall-Test): asynchron verteilt die Hänger nur über den Tag.</translation>
    </message>
    <message>
        <source>btrfs discards %1 asynchronously, off the delete path, but this drive trims in the background and slows the writes after each discard: async only spreads that over the day.</source>
        <translation>btrfs verwirft auf %1 asynchron, abseits des Löschpfads, aber dieses Laufwerk trimmt im Hintergrund und verlangsamt das Schreiben nach jedem Discard: asynchron verteilt das nur über den Tag.</translation>
    </message>
    <message>
        <source>Mount it with nodiscard and let the weekly fstrim (fstrim.timer) trim at a time you choose. To keep async discard instead, lower how many discards a second it may send: %1 (btrfs&apos;s iops_limit; 1000 by default since Linux 6.2).</source>
        <translation>Hängen Sie es mit nodiscard ein und lassen Sie das wöchentliche fstrim (fstrim.timer) zu einer Zeit Ihrer Wahl trimmen. Wer asynchrones Discard behalten will, senkt stattdessen, wie viele Discards es pro Sekunde schicken darf: %1 (btrfs&apos; iops_limit; seit Linux 6.2 standardmäßig 1000).</translation>
    </message>
    <message>
        <source>the kernel sends this drive&apos;s TRIM unqueued (libata quirk NO_NCQ_TRIM for &quot;%1&quot;): every discard holds other I/O up, which TRIM times do not show and no stall test measured</source>
        <translation>der Kernel schickt das TRIM dieses Laufwerks ohne Warteschlange (libata-Quirk NO_NCQ_TRIM für &quot;%1&quot;): jedes Discard hält andere Zugriffe auf, was TRIM-Zeiten nicht zeigen und kein Stall-Test gemessen hat</translation>
    </message>
    <message>
        <source>simulated: a tree of %1 files, %2 deleted%3</source>
        <translation>simuliert: ein Baum aus %1 Dateien, %2, gelöscht%3</translation>
    </message>
    <message>
        <source>%1: deleting a tree of %2 with discard (simulated)</source>
        <translation>%1: Löschen eines Baums von %2 mit discard (simuliert)</translation>
    </message>
    <message>
        <source>replayed by the filesystem experiment on a simulated drive, not measured</source>
        <translation>vom Dateisystem-Experiment auf einem simulierten Laufwerk nachgespielt, nicht gemessen</translation>
    </message>
    <message>
        <source>%1: one discard of the delete, on average (%2)</source>
        <translation>%1: ein Discard des Löschens, im Mittel (%2)</translation>
    </message>
    <message>
        <source>the delete&apos;s time over its %1 discards: %2 of them trim written data at %3 each (%4), the rest free space at %5 each</source>
        <translation>die Zeit des Löschens durch seine %1 Discards: %2 davon trimmen geschriebene Daten zu je %3 (%4), der Rest freien Platz zu je %5</translation>
    </message>
    <message>
        <source>Undecided for %1: by its TRIM times online discard would add about %2 to deleting a kernel-sized tree, under the limits, but the background probe could not tell whether the drive trims in the background (the computer was busy), and a drive that does answers TRIMs just as quickly while the work waits. A background probe on an idle computer decides it: without background TRIM online discard is fine, with it fstrim. Until then, leave discard off and run fstrim weekly%3: that is never harmful.</source>
        <translation>Unentschieden für %1: Nach seinen TRIM-Zeiten würde Online-Discard das Löschen eines Baums in Kernelgröße um etwa %2 verlängern, unter den Grenzen, aber die Hintergrundmessung konnte nicht feststellen, ob das Laufwerk im Hintergrund trimmt (der Computer war beschäftigt), und ein Laufwerk, das das tut, beantwortet TRIMs ebenso schnell, während die Arbeit wartet. Eine Hintergrundmessung auf einem ruhigen Computer entscheidet: ohne Hintergrund-TRIM ist Online-Discard in Ordnung, mit ihm fstrim. Lassen Sie bis dahin discard aus und führen Sie fstrim wöchentlich aus%3: Das schadet nie.</translation>
    </message>
    <message>
        <source>With %1, a background probe on an idle computer settles it: without background TRIM online discard is fine (about %2 extra, under the %3 limit); with it, fstrim.</source>
        <translation>Mit %1 entscheidet eine Hintergrundmessung auf einem ruhigen Computer: ohne Hintergrund-TRIM ist Online-Discard in Ordnung (etwa %2 zusätzlich, unter der Grenze von %3), mit ihm fstrim.</translation>
    </message>
    <message>
        <source>%1: undecided: about %2 extra per kernel-sized delete, under the %3 limit, but whether the drive trims in the background is not known.</source>
        <translation>%1: unentschieden: etwa %2 zusätzlich je Löschen in Kernelgröße, unter der Grenze von %3, aber ob das Laufwerk im Hintergrund trimmt, ist nicht bekannt.</translation>
    </message>
    <message numerus="yes">
        <source>extrapolated from trees of %Ln size(s) deleted%1 (largest %2 files, %3): commands grow with the tree to the power %4, bytes in proportion</source>
        <translation>
            <numerusform>hochgerechnet aus Bäumen %Ln einer Größe, gelöscht%1 (größter %2 Dateien, %3): die Befehle wachsen mit dem Baum hoch %4, die Bytes proportional</numerusform>
            <numerusform>hochgerechnet aus Bäumen von %Ln Größen, gelöscht%1 (größter %2 Dateien, %3): die Befehle wachsen mit dem Baum hoch %4, die Bytes proportional</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>QD1 4 KiB reads: the longest read after a discard began (%Ln discard(s); reads alone: median %1, longest %2)</source>
        <translation>
            <numerusform>4-KiB-Lesevorgänge mit QD1: der längste Lesevorgang nach Beginn eines Discards (%Ln Discard; nur Lesen: Median %1, längster %2)</numerusform>
            <numerusform>4-KiB-Lesevorgänge mit QD1: der längste Lesevorgang nach Beginn eines Discards (%Ln Discards; nur Lesen: Median %1, längster %2)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>measured on this drive in use: %Ln discard(s) (%1, device time %2) served by %3 %4, by the kernel&apos;s own counters; %5</source>
        <translation>
            <numerusform>gemessen an diesem Laufwerk im Betrieb: %Ln Discard (%1, Gerätezeit %2), bedient von %3 %4, nach den eigenen Zählern des Kernels; %5</numerusform>
            <numerusform>gemessen an diesem Laufwerk im Betrieb: %Ln Discards (%1, Gerätezeit %2), bedient von %3 %4, nach den eigenen Zählern des Kernels; %5</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>online discard on %1 cost the drive %2 a day (%Ln discard(s) of %3 on average, %4)</source>
        <translation>
            <numerusform>Online-Discard auf %1 kostete das Laufwerk %2 am Tag (%Ln Discard von im Mittel %3, %4)</numerusform>
            <numerusform>Online-Discard auf %1 kostete das Laufwerk %2 am Tag (%Ln Discards von im Mittel %3, %4)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>online discard on %1 sent %Ln discard(s) of %2 on average: %3</source>
        <translation>
            <numerusform>Online-Discard auf %1 hat %Ln Discard von durchschnittlich %2 gesendet: %3</numerusform>
            <numerusform>Online-Discard auf %1 hat %Ln Discards von durchschnittlich %2 gesendet: %3</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>only %Ln discard(s) served</source>
        <translation>
            <numerusform>nur %Ln Discard bedient</numerusform>
            <numerusform>nur %Ln Discards bedient</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The lines below are for filesystems you put on it. This computer&apos;s own audit findings (%Ln) are listed apart.</source>
        <translation>
            <numerusform>Die Zeilen unten gelten für Dateisysteme, die Sie darauf legen. Der eigene Befund der Prüfung dieses Computers (%Ln) steht gesondert.</numerusform>
            <numerusform>Die Zeilen unten gelten für Dateisysteme, die Sie darauf legen. Die eigenen Befunde der Prüfung dieses Computers (%Ln) stehen gesondert.</numerusform>
        </translation>
    </message>
    <message>
        <source>log-log interpolation between the measured medians, averaged over discards of sizes spread around the average</source>
        <translation>doppelt logarithmische Interpolation zwischen den gemessenen Medianen, gemittelt über Discards, deren Größen um den Durchschnitt streuen</translation>
    </message>
    <message>
        <source>outside the measured sizes: the nearest measured median, scaled by size above the largest, averaged over discards of sizes spread around the average</source>
        <translation>außerhalb der gemessenen Größen: der nächste gemessene Median, oberhalb der größten Größe nach Größe skaliert, gemittelt über Discards, deren Größen um den Durchschnitt streuen</translation>
    </message>
    <message>
        <source>simulated on a kernel-sized tree</source>
        <translation>simuliert an einem Baum von Kernelgröße</translation>
    </message>
    <message>
        <source>extrapolated from smaller trees simulated on this drive</source>
        <translation>hochgerechnet aus kleineren, auf diesem Laufwerk simulierten Bäumen</translation>
    </message>
    <message>
        <source>scaled from one smaller tree simulated on this drive</source>
        <translation>skaliert von einem kleineren, auf diesem Laufwerk simulierten Baum</translation>
    </message>
    <message>
        <source>log-log interpolation between the simulated medians, averaged over discards of sizes spread around the average</source>
        <translation>doppelt logarithmische Interpolation zwischen den simulierten Medianen, gemittelt über Discards, deren Größen um den Durchschnitt streuen</translation>
    </message>
    <message>
        <source>outside the simulated sizes: the nearest simulated median, scaled by size above the largest, averaged over discards of sizes spread around the average</source>
        <translation>außerhalb der simulierten Größen: der nächste simulierte Median, oberhalb der größten Größe nach Größe skaliert, gemittelt über Discards, deren Größen um den Durchschnitt streuen</translation>
    </message>
    <message>
        <source>%1, trimmed in 128 MiB pieces (ext4&apos;s block groups) at the simulated time per piece; an upper bound when free space is in larger extents</source>
        <translation>%1, in Stücken von 128 MiB (den Blockgruppen von ext4) mit der simulierten Zeit pro Stück getrimmt; eine Obergrenze, wenn der freie Speicher in größeren Bereichen liegt</translation>
    </message>
    <message>
        <source>The delete was simulated at full size, so only the TRIM times&apos; spread is left: a longer sweep narrows it.</source>
        <translation>Das Löschen wurde in voller Größe simuliert, offen ist nur noch die Streuung der TRIM-Zeiten: ein längerer Durchlauf engt sie ein.</translation>
    </message>
    <message>
        <source>With %1, a kernel-sized delete simulated on the drive settles it: under %2 extra, online discard is fine; over it, fstrim.</source>
        <translation>Mit %1 entscheidet ein auf dem Laufwerk simuliertes Löschen in Kernelgröße: unter %2 zusätzlich ist Online-Discard in Ordnung, darüber fstrim.</translation>
    </message>
    <message>
        <source>simulated: %1</source>
        <translation>simuliert: %1</translation>
    </message>
    <message>
        <source>measured: %1</source>
        <translation>gemessen: %1</translation>
    </message>
    <message>
        <source>With %1, online discard would be acceptable if its discards (%2 on average) took the drive under %3 each (%4), keeping the delete under %5 with its margin.</source>
        <translation>Mit %1 wäre Online-Discard vertretbar, wenn seine Discards (im Mittel %2) das Laufwerk je unter %3 kosteten (%4), sodass das Löschen samt Spanne unter %5 bliebe.</translation>
    </message>
    <message>
        <source>With %1, online discard stops being fine if its discards (%2 on average) took the drive over %3 each (%4), bringing the delete with its margin over %5.</source>
        <translation>Mit %1 wäre Online-Discard nicht mehr in Ordnung, wenn seine Discards (im Mittel %2) das Laufwerk je über %3 kosteten (%4), sodass das Löschen samt Spanne über %5 käme.</translation>
    </message>
    <message>
        <source>%1&apos;s discard size lies outside the simulated sizes</source>
        <translation>die Discard-Größe von %1 liegt außerhalb der simulierten Größen</translation>
    </message>
    <message>
        <source>Not enough data for a verdict: the filesystem experiment on %1 was simulated, not measured. It shows how many discards a delete sends; what they cost follows from the drive&apos;s TRIM times: run the TRIM benchmark (a sweep) next.</source>
        <translation>Nicht genug Daten für ein Urteil: Das Dateisystem-Experiment auf %1 war simuliert, nicht gemessen. Es zeigt, wie viele Discards ein Löschen sendet; was sie kosten, folgt aus den TRIM-Zeiten des Laufwerks: Führen Sie als Nächstes den TRIM-Benchmark (einen TRIM-Durchlauf) aus.</translation>
    </message>
    <message>
        <source>Not enough data for a verdict: the filesystem experiment on %1 counted the discards a delete sends; what they cost follows from the drive&apos;s TRIM times: run the TRIM benchmark (a sweep) next, or the diagnosis, which runs both.</source>
        <translation>Nicht genug Daten für ein Urteil: Das Dateisystem-Experiment auf %1 hat die Discards gezählt, die ein Löschen sendet; was sie kosten, folgt aus den TRIM-Zeiten des Laufwerks: Führen Sie als Nächstes den TRIM-Benchmark (einen TRIM-Durchlauf) aus oder die Diagnose, die beides ausführt.</translation>
    </message>
    <message>
        <source>%1 (simulated)</source>
        <translation>%1 (simuliert)</translation>
    </message>
    <message>
        <source>%1: fstrim of the test filesystem (simulated)</source>
        <translation>%1: fstrim des Testdateisystems (simuliert)</translation>
    </message>
    <message>
        <source>%1: fstrim of the test filesystem (measured)</source>
        <translation>%1: fstrim des Testdateisystems (gemessen)</translation>
    </message>
    <message>
        <source>%1: one discard of the delete, on average (%2, simulated)</source>
        <translation>%1: ein Discard des Löschens, im Mittel (%2, simuliert)</translation>
    </message>
    <message>
        <source>Only a stall test in which %1 discards hold I/O up for less than %2 (%3) would make online discard worth considering.</source>
        <translation>Nur ein Stall-Test, in dem Discards zu %1 die Zugriffe kürzer als %2 aufhalten (%3), würde Online-Discard erwägenswert machen.</translation>
    </message>
    <message>
        <source>Do not make %1 pass discards</source>
        <translation>%1 keine Discards durchreichen lassen</translation>
    </message>
    <message>
        <source>md&apos;s RAID 4/5/6 passes discards only with raid456&apos;s devices_handle_discard_safely, which the kernel says to set only if every drive of the array reliably returns zeroes on reads from trimmed blocks. %1 does not: %2. With it set, a stripe&apos;s parity can stop matching its data after a TRIM, and rebuilding a failed drive can then return wrong data. Leave it unset: TRIM stops at %3, so run no fstrim expecting it to reach the drive.</source>
        <translation>md-RAID 4/5/6 reicht Discards nur mit devices_handle_discard_safely von raid456 durch, und das soll man laut Kernel nur setzen, wenn jedes Laufwerk des Verbunds beim Lesen getrimmter Blöcke verlässlich Nullen liefert. %1 tut das nicht: %2. Ist es gesetzt, kann die Parität eines Stripes nach einem TRIM nicht mehr zu seinen Daten passen, und der Neuaufbau eines ausgefallenen Laufwerks kann dann falsche Daten liefern. Lassen Sie es ungesetzt: TRIM endet an %3, kein fstrim erreicht also das Laufwerk.</translation>
    </message>
    <message>
        <source>%1 returns zeroes after TRIM (%2), as this setting requires; every other drive of the array must too (trimscope-cli health says it under &quot;After TRIM&quot;).</source>
        <translation>%1 liefert nach TRIM Nullen (%2), wie diese Einstellung es verlangt; jedes andere Laufwerk des Verbunds muss das auch (trimscope-cli health zeigt es unter „Nach TRIM“).</translation>
    </message>
    <message>
        <source>Set it only if every drive of the array returns zeroes after TRIM: trimscope-cli health says it under &quot;After TRIM&quot;, drive by drive.</source>
        <translation>Setzen Sie es nur, wenn jedes Laufwerk des Verbunds nach TRIM Nullen liefert: trimscope-cli health zeigt es unter „Nach TRIM“, Laufwerk für Laufwerk.</translation>
    </message>
    <message>
        <source>%1: extra time to delete a kernel tree (%2 files, %3) with discard</source>
        <translation>%1: zusätzliche Zeit, um einen Kernel-Quellbaum (%2 Dateien, %3) mit Discard zu löschen</translation>
    </message>
    <message>
        <source>%1 x background work per MiB</source>
        <translation>%1 × Hintergrundarbeit pro MiB</translation>
    </message>
    <message>
        <source>&lt;uuid&gt;</source>
        <comment>fstab placeholder</comment>
        <translation>&lt;UUID&gt;</translation>
    </message>
    <message>
        <source>&lt;mount point&gt;</source>
        <comment>fstab placeholder</comment>
        <translation>&lt;Einhängepunkt&gt;</translation>
    </message>
    <message>
        <source>since it appeared, %1 ago</source>
        <translation>seit es erschienen ist, vor %1</translation>
    </message>
    <message>
        <source>since its present medium was first seen, %1 ago</source>
        <translation>seit sein jetziges Medium zum ersten Mal gesehen wurde, vor %1</translation>
    </message>
    <message>
        <source>the counters of its watch are not its own: %1.</source>
        <translation>die Zähler seiner Beobachtung sind nicht seine eigenen: %1.</translation>
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
        <source>For a thin volume: sudo lvchange --discards passdown VG/THINPOOL</source>
        <translation>Für ein Thin-Volume: sudo lvchange --discards passdown VG/THINPOOL</translation>
    </message>
    <message>
        <source>Move %1 to a filesystem that supports hole punching (ext4, xfs, btrfs)</source>
        <translation>%1 auf ein Dateisystem verschieben, das Löcher stanzen kann (ext4, xfs, btrfs)</translation>
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
    <message>
        <source>%1
(until the next boot only: no line in /etc/fstab mounts %2, so add nodiscard to the options of whatever mounts it at boot)</source>
        <translation>%1
(nur bis zum nächsten Start: Keine Zeile in /etc/fstab hängt %2 ein, also nodiscard zu den Optionen dessen hinzufügen, was es beim Start einhängt)</translation>
    </message>
    <message>
        <source>udisks2 did not answer, so the host&apos;s mounts, /etc/fstab and /etc/crypttab are not in this report</source>
        <translation>udisks2 hat nicht geantwortet, daher fehlen die Einhängungen, /etc/fstab und /etc/crypttab des Computers in diesem Bericht</translation>
    </message>
    <message>
        <source>the mount options are those /etc/fstab gives (one changed by hand since boot is not seen), and fill levels and swap files are out of sight</source>
        <translation>die Einhängeoptionen sind die aus /etc/fstab (eine seit dem Start von Hand geänderte ist nicht zu sehen), und Füllstände und Auslagerungsdateien sind nicht sichtbar</translation>
    </message>
    <message>
        <source>systemd did not answer, so whether fstrim.timer is enabled is not known</source>
        <translation>systemd hat nicht geantwortet, daher ist unbekannt, ob fstrim.timer aktiviert ist</translation>
    </message>
    <message>
        <source>Seen from the sandbox through udisks2</source>
        <translation>Aus der Sandbox über udisks2 gesehen</translation>
    </message>
    <message>
        <source>This computer was read as udisks2 and systemd describe it to the sandbox; %1.</source>
        <translation>Dieser Computer wurde so gelesen, wie udisks2 und systemd ihn der Sandbox beschreiben; %1.</translation>
    </message>
    <message>
        <source>at most %1 discards a second</source>
        <translation>höchstens %1 Discards je Sekunde</translation>
    </message>
    <message>
        <source>no limit on discards a second</source>
        <translation>keine Grenze für Discards je Sekunde</translation>
    </message>
    <message>
        <source>at most %1 a second</source>
        <translation>höchstens %1 je Sekunde</translation>
    </message>
    <message>
        <source>no limit on bytes a second</source>
        <translation>keine Grenze für Bytes je Sekunde</translation>
    </message>
    <message>
        <source>%1 in %2 extent(s) freed and not yet discarded (%3); at these limits that takes about %4 to go.</source>
        <translation>%1 in %2 Extent(s) freigegeben und noch nicht verworfen (%3); bei diesen Grenzen dauert das etwa %4.</translation>
    </message>
    <message>
        <source>%1 (btrfs) discards asynchronously: right as it is</source>
        <translation>%1 (btrfs) verwirft asynchron: richtig so</translation>
    </message>
    <message>
        <source>btrfs batches the TRIM of freed space in the background, paced by its limits, off the delete path: no weekly fstrim needed besides. </source>
        <translation>btrfs sammelt das TRIM freigegebenen Platzes im Hintergrund, im Takt seiner Grenzen, abseits des Löschpfads: ein wöchentliches fstrim ist daneben nicht nötig. </translation>
    </message>
    <message>
        <source>Its iops_limit of %1 discards a second (the default before Linux 6.2 was 10) keeps the drive discarding a little all day, and freed space waits long to be trimmed; Linux 6.2 and later use %2. </source>
        <translation>Sein iops_limit von %1 Discards je Sekunde (die Vorgabe vor Linux 6.2 war 10) lässt das Laufwerk den ganzen Tag ein wenig verwerfen, und freigegebener Platz wartet lange auf sein TRIM; Linux 6.2 und neuer nehmen %2. </translation>
    </message>
    <message>
        <source>Its kbps_limit holds back more than %1 of freed space; without the limit btrfs trims it in the background at the pace of iops_limit. </source>
        <translation>Sein kbps_limit hält mehr als %1 freigegebenen Platz zurück; ohne die Grenze trimmt btrfs ihn im Hintergrund im Takt von iops_limit. </translation>
    </message>
    <message>
        <source>%1 (btrfs): its async discard is throttled by %2</source>
        <translation>%1 (btrfs): sein asynchrones Discard wird von %2 gebremst</translation>
    </message>
    <message>
        <source>echo %1 | sudo tee %2
(until it is next mounted; to keep it, put this line in /etc/tmpfiles.d/btrfs-discard.conf:
  w %2 - - - - %1)</source>
        <translation>echo %1 | sudo tee %2
(bis zum nächsten Einhängen; um es zu behalten, diese Zeile in /etc/tmpfiles.d/btrfs-discard.conf eintragen:
  w %2 - - - - %1)</translation>
    </message>
    <message>
        <source>Back up, shrink the filesystem by %1, unmount, then move the start:
  echo &apos;%2,&apos; | %3</source>
        <translation>Sichern, das Dateisystem um %1 verkleinern, aushängen, dann den Anfang verschieben:
  echo &apos;%2,&apos; | %3</translation>
    </message>
    <message>
        <source>%1   # check the target&apos;s discard options</source>
        <translation>%1   # die Discard-Optionen des Targets prüfen</translation>
    </message>
    <message>
        <source># Only if every drive of %1 returns zeroes after TRIM: check &quot;After TRIM&quot; in %2
echo &apos;options raid456 devices_handle_discard_safely=Y&apos; | sudo tee /etc/modprobe.d/raid456-discard.conf &amp;&amp; sudo update-initramfs -u</source>
        <translation># Nur wenn jedes Laufwerk von %1 nach TRIM Nullen liefert: „Nach TRIM“ prüfen in %2
echo &apos;options raid456 devices_handle_discard_safely=Y&apos; | sudo tee /etc/modprobe.d/raid456-discard.conf &amp;&amp; sudo update-initramfs -u</translation>
    </message>
    <message>
        <source>md&apos;s RAID 4/5/6 passes discards only with raid456&apos;s devices_handle_discard_safely, which is safe only if every drive of the array returns zeroes after TRIM (ATA: &quot;Deterministic read ZEROs after TRIM&quot;; NVMe: Deallocate reads zeroes). Otherwise a stripe&apos;s parity stops matching its data after a TRIM, and rebuilding a failed drive returns wrong data.</source>
        <translation>md-RAID 4/5/6 reicht Discards nur mit devices_handle_discard_safely von raid456 weiter, und das ist nur sicher, wenn jedes Laufwerk des Verbunds nach TRIM Nullen liefert (ATA: „Deterministic read ZEROs after TRIM“; NVMe: Deallocate liest Nullen). Sonst passt die Parität eines Stripes nach einem TRIM nicht mehr zu seinen Daten, und der Neuaufbau eines ausgefallenen Laufwerks liefert falsche Daten.</translation>
    </message>
</context>
<context>
    <name>TrimMetrics</name>
    <message>
        <source>not read</source>
        <translation>nicht gelesen</translation>
    </message>
    <message>
        <source>health of %1 not read: %2</source>
        <translation>Zustandsdaten von %1 nicht gelesen: %2</translation>
    </message>
    <message>
        <source>the sweep in %1 ran on %2, which is not a drive of this machine</source>
        <translation>der Durchlauf in %1 lief auf %2, kein Laufwerk dieses Computers</translation>
    </message>
</context>
<context>
    <name>TrimmedData</name>
    <message>
        <source>%1×</source>
        <translation>%1×</translation>
    </message>
    <message>
        <source>writes nothing first: the TRIMs meet whatever the regions hold (on a new or erased drive: empty space, which many drives answer at once)</source>
        <translation>schreibt vorher nichts: die TRIMs treffen, was die Bereiche gerade enthalten (auf einem neuen oder gelöschten Laufwerk leeren Platz, den viele Laufwerke sofort beantworten)</translation>
    </message>
    <message>
        <source>writes %1 first: each region just before its TRIM, outside the timed window</source>
        <translation>schreibt zuerst %1: jeden Bereich kurz vor seinem TRIM, außerhalb der gemessenen Zeit</translation>
    </message>
    <message>
        <source>writes about %1 first (at most %2 if every size needs all its samples): each region just before its TRIM, outside the timed window</source>
        <translation>schreibt zuerst etwa %1 (höchstens %2, wenn jede Größe alle ihre Messungen braucht): jeden Bereich kurz vor seinem TRIM, außerhalb der gemessenen Zeit</translation>
    </message>
    <message>
        <source>whatever the regions held: nothing was written first, so on a new or erased drive these are TRIMs of empty space</source>
        <translation>was die Bereiche enthielten: vorher wurde nichts geschrieben, auf einem neuen oder gelöschten Laufwerk sind das also TRIMs von leerem Platz</translation>
    </message>
    <message>
        <source>written data: %1 written first, each region just before its TRIM, outside the timed window</source>
        <translation>geschriebene Daten: zuerst %1 geschrieben, jeder Bereich kurz vor seinem TRIM, außerhalb der gemessenen Zeit</translation>
    </message>
    <message>
        <source>written data: %1 written first in %2 (%3), each region just before its TRIM, outside the timed window</source>
        <translation>geschriebene Daten: zuerst %1 in %2 geschrieben (%3), jeder Bereich kurz vor seinem TRIM, außerhalb der gemessenen Zeit</translation>
    </message>
    <message>
        <source>TRIM of whatever the regions held (not written first)</source>
        <translation>TRIM dessen, was die Bereiche enthielten (vorher nicht beschrieben)</translation>
    </message>
    <message>
        <source>TRIM of written data; empty space answered %1 faster</source>
        <translation>TRIM geschriebener Daten; leerer Platz %1 schneller beantwortet</translation>
    </message>
    <message>
        <source>TRIM of written data</source>
        <translation>TRIM geschriebener Daten</translation>
    </message>
    <message>
        <source>This drive answers TRIM of empty space %1 faster than TRIM of written data (%2: %3 against %4): a sweep of regions nothing wrote would time next to nothing.</source>
        <translation>Dieses Laufwerk beantwortet TRIM von leerem Platz %1 schneller als TRIM geschriebener Daten (%2: %3 gegenüber %4): Eine Messung von Bereichen, die nie beschrieben wurden, würde so gut wie nichts messen.</translation>
    </message>
    <message>
        <source>TRIM of empty space costs about what TRIM of written data does (%1: %2 against %3).</source>
        <translation>TRIM von leerem Platz kostet etwa so viel wie TRIM geschriebener Daten (%1: %2 gegenüber %3).</translation>
    </message>
    <message>
        <source>Not checked whether this drive answers TRIM of empty space faster: nothing was written first.</source>
        <translation>Nicht geprüft, ob dieses Laufwerk TRIM von leerem Platz schneller beantwortet: Vorher wurde nichts geschrieben.</translation>
    </message>
    <message>
        <source>Not checked whether this drive answers TRIM of empty space faster: the sweep stopped first.</source>
        <translation>Nicht geprüft, ob dieses Laufwerk TRIM von leerem Platz schneller beantwortet: Die Messreihe endete vorher.</translation>
    </message>
    <message>
        <source>Not checked whether this drive answers TRIM of empty space faster: too few sizes were measured often enough.</source>
        <translation>Nicht geprüft, ob dieses Laufwerk TRIM von leerem Platz schneller beantwortet: Zu wenige Größen wurden oft genug gemessen.</translation>
    </message>
    <message>
        <source>writes nothing (a simulated drive): each region counts as written just before its TRIM, so the model times TRIM of written data</source>
        <translation>schreibt nichts (ein simuliertes Laufwerk): jeder Bereich gilt kurz vor seinem TRIM als beschrieben, das Modell zeigt also TRIM geschriebener Daten</translation>
    </message>
    <message>
        <source>written data, as modelled: each region counted as written just before its TRIM (a simulated drive holds no data)</source>
        <translation>geschriebene Daten, wie modelliert: jeder Bereich galt kurz vor seinem TRIM als beschrieben (ein simuliertes Laufwerk enthält keine Daten)</translation>
    </message>
</context>
<context>
    <name>UdisksConfig</name>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>udisks2 is not reachable, and it is what changes %1: %2</source>
        <translation>udisks2 ist nicht erreichbar, und es ist das, was %1 ändert: %2</translation>
    </message>
    <message>
        <source>udisks2 knows no line in %1 for %2 as the preview showed it: the line changed since, or udisks2 does not connect it with a device it knows. Nothing was changed.</source>
        <translation>udisks2 kennt keine Zeile in %1 für %2, wie die Vorschau sie zeigte: Die Zeile hat sich seitdem geändert, oder udisks2 verbindet sie mit keinem ihm bekannten Gerät. Es wurde nichts geändert.</translation>
    </message>
    <message>
        <source>udisks2 did not change the line for %1 in %2</source>
        <translation>udisks2 hat die Zeile für %1 in %2 nicht geändert</translation>
    </message>
    <message>
        <source>The line for %1 in %2 changed since the preview: udisks2 did not find it as it was. Nothing was changed.</source>
        <translation>Die Zeile für %1 in %2 hat sich seit der Vorschau geändert: udisks2 hat sie nicht so gefunden, wie sie war. Es wurde nichts geändert.</translation>
    </message>
</context>
<context>
    <name>UdisksHealthReader</name>
    <message>
        <source>udisks2&apos;s SmartGetAttributes answered %1, not a(ysqiiixia{sv})</source>
        <translation>SmartGetAttributes von udisks2 antwortete mit %1, nicht mit a(ysqiiixia{sv})</translation>
    </message>
    <message>
        <source>the password dialog was dismissed</source>
        <translation>der Passwortdialog wurde geschlossen</translation>
    </message>
    <message>
        <source>polkit wants an administrator password for %1 and no authentication agent answered</source>
        <translation>polkit verlangt für %1 ein Administratorpasswort, und kein Authentifizierungsagent hat geantwortet</translation>
    </message>
    <message>
        <source>polkit denies %1 to this user on %2</source>
        <translation>polkit verweigert diesem Benutzer %1 auf %2</translation>
    </message>
    <message>
        <source>udisks2 is not reachable: %1</source>
        <translation>udisks2 ist nicht erreichbar: %1</translation>
    </message>
    <message>
        <source>udisks2 does not offer %1</source>
        <translation>udisks2 bietet %1 nicht an</translation>
    </message>
    <message>
        <source>Reading an NVMe drive&apos;s health through udisks2 needs udisks 2.10 or newer (this system has %1), or the TrimScope helper.</source>
        <translation>Um den Zustand eines NVMe-Laufwerks über udisks2 zu lesen, wird udisks 2.10 oder neuer (dieses System hat %1) oder das TrimScope-Hilfsprogramm benötigt.</translation>
    </message>
    <message>
        <source>an older one</source>
        <translation>eine ältere Version</translation>
    </message>
    <message>
        <source>%1 has no SMART data: udisks2 knows no drive behind it (a loop device or a virtual disk).</source>
        <translation>%1 hat keine SMART-Daten: udisks2 kennt kein Laufwerk dahinter (ein Loop-Gerät oder eine virtuelle Festplatte).</translation>
    </message>
    <message>
        <source>udisks2 reads no SMART data from %1: it does so for ATA drives and, from udisks 2.10, NVMe drives.</source>
        <translation>udisks2 liest keine SMART-Daten von %1: Das tut es für ATA-Laufwerke und ab udisks 2.10 für NVMe-Laufwerke.</translation>
    </message>
    <message>
        <source>udisks2 did not read SMART data from %1: %2</source>
        <translation>udisks2 hat keine SMART-Daten von %1 gelesen: %2</translation>
    </message>
    <message>
        <source>udisks2 did not read the health log of %1: %2</source>
        <translation>udisks2 hat das Zustandsprotokoll von %1 nicht gelesen: %2</translation>
    </message>
    <message>
        <source>udisks2 did not answer</source>
        <translation>udisks2 hat nicht geantwortet</translation>
    </message>
    <message>
        <source>no system bus</source>
        <translation>kein Systembus</translation>
    </message>
</context>
<context>
    <name>UdisksJobRunner</name>
    <message>
        <source>udisks2 did not open %1: %2</source>
        <translation>udisks2 hat %1 nicht geöffnet: %2</translation>
    </message>
    <message>
        <source>Cancelled.</source>
        <translation>Abgebrochen.</translation>
    </message>
    <message>
        <source>Asking udisks2 about %1…</source>
        <translation>udisks2 wird nach %1 gefragt…</translation>
    </message>
    <message>
        <source>udisks2 is not reachable: %1</source>
        <translation>udisks2 ist nicht erreichbar: %1</translation>
    </message>
    <message>
        <source>udisks2 does not offer %1 (not a whole disk it knows, or one it is told to ignore)</source>
        <translation>udisks2 bietet %1 nicht an (keine ganze Festplatte, die es kennt, oder eine, die es ignorieren soll)</translation>
    </message>
    <message>
        <source>Asking udisks2 to open %1 (it may ask for a password)…</source>
        <translation>udisks2 wird gebeten, %1 zu öffnen (möglicherweise wird nach einem Passwort gefragt)…</translation>
    </message>
    <message>
        <source>udisks2 did not open %1: the password dialog was dismissed.</source>
        <translation>udisks2 hat %1 nicht geöffnet: Der Passwortdialog wurde geschlossen.</translation>
    </message>
    <message>
        <source>udisks2 did not open %1: polkit wants an administrator password for %2, and no authentication agent answered.</source>
        <translation>udisks2 hat %1 nicht geöffnet: polkit verlangt für %2 ein Administratorpasswort, und kein Authentifizierungsagent hat geantwortet.</translation>
    </message>
    <message>
        <source>polkit denies %1 to this user, so udisks2 did not open %2. An administrator can allow it with a polkit rule, or install the TrimScope helper.</source>
        <translation>polkit verweigert diesem Benutzer %1, daher hat udisks2 %2 nicht geöffnet. Ein Administrator kann es mit einer polkit-Regel erlauben oder das TrimScope-Hilfsprogramm installieren.</translation>
    </message>
    <message>
        <source>The kernel refuses to give %1 to us alone: something has it mounted, held or open exclusively (udisks2 says: %2)</source>
        <translation>Der Kernel überlässt uns %1 nicht allein: Etwas hat es eingehängt, belegt oder exklusiv geöffnet (udisks2 meldet: %2)</translation>
    </message>
    <message>
        <source>could not keep the descriptor udisks2 lent</source>
        <translation>der von udisks2 geliehene Deskriptor konnte nicht behalten werden</translation>
    </message>
    <message>
        <source>udisks2 did not open %1: the password for %2 was not accepted.</source>
        <translation>udisks2 hat %1 nicht geöffnet: Das Passwort für %2 wurde nicht angenommen.</translation>
    </message>
    <message>
        <source>polkit refused %1 to this user (a rule says no, or the password was not accepted), so udisks2 did not open %2.</source>
        <translation>polkit hat diesem Benutzer %1 verweigert (eine Regel sagt nein, oder das Passwort wurde nicht angenommen), daher hat udisks2 %2 nicht geöffnet.</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <source>Measure and plot how an SSD handles TRIM.</source>
        <translation>Misst und zeichnet, wie eine SSD mit TRIM umgeht.</translation>
    </message>
    <message>
        <source>Run simulated drives at FACTOR times their modelled time (1: real time, 0: as fast as possible).</source>
        <translation>Simulierte Laufwerke mit dem FAKTOR ihrer modellierten Zeit ausführen (1: Echtzeit, 0: so schnell wie möglich).</translation>
    </message>
    <message>
        <source>Saved results (JSON) to open, as File &gt; Open results… opens them; a drive (/dev/sda) to open on, showing its history.</source>
        <translation>Gespeicherte Ergebnisse (JSON), die geöffnet werden wie mit Datei &gt; Ergebnisse öffnen…; ein Laufwerk (/dev/sda), dessen Verlauf das Fenster beim Start zeigt.</translation>
    </message>
</context>
<context>
    <name>trimscope::JobRunner</name>
    <message>
        <source>Stopping: the drive is still working on the command it was given (a discard cannot be called back once sent). Nothing more is sent to it; the job ends when the drive answers.</source>
        <translation>Wird beendet: Das Laufwerk arbeitet noch an dem Befehl, den es erhalten hat (ein gesendeter Discard lässt sich nicht zurückrufen). Es wird ihm nichts mehr gesendet; der Auftrag endet, sobald das Laufwerk antwortet.</translation>
    </message>
</context>
<context>
    <name>trimscope::gui::AboutDialog</name>
    <message>
        <source>About %1</source>
        <translation>Über %1</translation>
    </message>
    <message>
        <source>Measures how long an SSD takes to TRIM blocks of each size, and how its speed recovers after writes, idle time and TRIM.</source>
        <translation>Misst, wie lange eine SSD für das TRIM von Blöcken jeder Größe braucht und wie sich ihre Geschwindigkeit nach Schreiblast, Leerlauf und TRIM erholt.</translation>
    </message>
    <message>
        <source>This program is free software under the %1 (%2). It comes with absolutely no warranty.</source>
        <translation>Dieses Programm ist freie Software unter der %1 (%2). Es wird ohne jegliche Gewährleistung bereitgestellt.</translation>
    </message>
    <message>
        <source>Homepage</source>
        <translation>Webseite</translation>
    </message>
    <message>
        <source>Report a bug</source>
        <translation>Fehler melden</translation>
    </message>
</context>
<context>
    <name>trimscope::gui::AdviceTab</name>
    <message>
        <source>&amp;Import probe or filesystem result…</source>
        <translation>Messung oder Dateisystem-Ergebnis im&amp;portieren…</translation>
    </message>
    <message>
        <source>Audit this &amp;computer again</source>
        <translation>Diesen &amp;Computer erneut prüfen</translation>
    </message>
    <message>
        <source>Number behind the verdict</source>
        <translation>Zahl hinter dem Urteil</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>Wert</translation>
    </message>
    <message>
        <source>Copied: %1</source>
        <translation>Kopiert: %1</translation>
    </message>
    <message>
        <source>Import a result</source>
        <translation>Ergebnis importieren</translation>
    </message>
    <message>
        <source>TrimScope results (*.json)</source>
        <translation>TrimScope-Ergebnisse (*.json)</translation>
    </message>
    <message>
        <source>Not imported: %1</source>
        <translation>Nicht importiert: %1</translation>
    </message>
    <message>
        <source>Select a drive.</source>
        <translation>Wählen Sie ein Laufwerk.</translation>
    </message>
    <message>
        <source>Advice for %1, from its simulated runs. The audit below is of this computer, not of the simulated drive.</source>
        <translation>Empfehlung für %1, aus seinen simulierten Läufen. Die Prüfung unten betrifft diesen Computer, nicht das simulierte Laufwerk.</translation>
    </message>
    <message>
        <source>Advice for %1.</source>
        <translation>Empfehlung für %1.</translation>
    </message>
    <message>
        <source>no saved benchmark run (run the TRIM benchmark first)</source>
        <translation>kein gespeicherter Benchmark-Lauf (führen Sie zuerst den TRIM-Benchmark aus)</translation>
    </message>
    <message>
        <source>no audit</source>
        <translation>keine Prüfung</translation>
    </message>
    <message>
        <source>the imported background-TRIM probe</source>
        <translation>die importierte Hintergrund-TRIM-Messung</translation>
    </message>
    <message>
        <source>the drive&apos;s health data</source>
        <translation>die Zustandsdaten des Laufwerks</translation>
    </message>
    <message>
        <source>Based on: %1.</source>
        <translation>Grundlage: %1.</translation>
    </message>
    <message>
        <source>Confidence: %1.</source>
        <translation>Verlässlichkeit: %1.</translation>
    </message>
    <message>
        <source>Confidence: %1 — %2</source>
        <translation>Verlässlichkeit: %1 – %2</translation>
    </message>
    <message>
        <source>&lt;b&gt;What would change the verdict:&lt;/b&gt; %1</source>
        <translation>&lt;b&gt;Was das Urteil ändern würde:&lt;/b&gt; %1</translation>
    </message>
    <message>
        <source>Nothing to change.</source>
        <translation>Nichts zu ändern.</translation>
    </message>
    <message>
        <source>%1, %2</source>
        <translation>%1, %2</translation>
    </message>
    <message>
        <source>The audit found nothing that bears on TRIM.</source>
        <translation>Die Prüfung hat nichts gefunden, das TRIM betrifft.</translation>
    </message>
    <message>
        <source>Imported the %1 result from %2</source>
        <translation>%1-Ergebnis aus %2 importiert</translation>
    </message>
    <message>
        <source>Saved advice for %1, from %2.</source>
        <translation>Gespeicherter Rat für %1, aus %2.</translation>
    </message>
    <message>
        <source>an unnamed drive</source>
        <translation>ein unbenanntes Laufwerk</translation>
    </message>
    <message>
        <source>Based on what the saved advice was given.</source>
        <translation>Beruht auf dem, was dem gespeicherten Rat vorlag.</translation>
    </message>
    <message>
        <source>What to change</source>
        <translation>Was zu ändern ist</translation>
    </message>
    <message>
        <source>Audit findings</source>
        <translation>Befunde der Prüfung</translation>
    </message>
    <message>
        <source>“%1” cannot be imported here: %2</source>
        <translation>„%1“ kann hier nicht importiert werden: %2</translation>
    </message>
    <message>
        <source>&amp;Diagnose drive…</source>
        <translation>Laufwerk dia&amp;gnostizieren…</translation>
    </message>
    <message>
        <source>One guided run on the selected drive: TRIM support, background TRIM on the idle drive, a TRIM sweep, filesystems made and deleted at two tree sizes, then the verdict. Destroys the drive&apos;s data.</source>
        <translation>Ein geführter Lauf auf dem gewählten Laufwerk: TRIM-Unterstützung, Hintergrund-TRIM am untätigen Laufwerk, ein TRIM-Durchlauf, Dateisysteme in zwei Baumgrößen angelegt und gelöscht, dann das Urteil. Zerstört die Daten des Laufwerks.</translation>
    </message>
    <message>
        <source>diagnosis</source>
        <translation>Diagnose</translation>
    </message>
    <message>
        <source>an incomplete diagnosis</source>
        <translation>einer unvollständigen Diagnose</translation>
    </message>
    <message>
        <source>the diagnosis just run</source>
        <translation>der eben gelaufenen Diagnose</translation>
    </message>
    <message>
        <source>The diagnosis holds no advice.</source>
        <translation>Die Diagnose enthält keinen Rat.</translation>
    </message>
    <message>
        <source>Diagnosis of %1 (simulated: the figures are a model&apos;s), from %2.</source>
        <translation>Diagnose von %1 (simuliert: die Zahlen stammen aus einem Modell), aus %2.</translation>
    </message>
    <message>
        <source>Diagnosis of %1, from %2.</source>
        <translation>Diagnose von %1, aus %2.</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>Phases: %1.</source>
        <translation>Phasen: %1.</translation>
    </message>
    <message>
        <source>For filesystems on the drive</source>
        <translation>Für Dateisysteme auf dem Laufwerk</translation>
    </message>
    <message>
        <source>This computer</source>
        <translation>Dieser Computer</translation>
    </message>
    <message>
        <source>No change follows from this verdict. The audit&apos;s findings have fixes of their own; see Audit findings.</source>
        <translation>Aus diesem Urteil folgt keine Änderung. Die Befunde der Prüfung haben eigene Korrekturen; siehe Befunde der Prüfung.</translation>
    </message>
    <message>
        <source>%1, %2 (this computer, not the measured drive)</source>
        <translation>%1, %2 (dieser Computer, nicht das gemessene Laufwerk)</translation>
    </message>
    <message>
        <source>the diagnosis of %1</source>
        <translation>die Diagnose vom %1</translation>
    </message>
    <message>
        <source>the kernel&apos;s word that the drive takes no discard</source>
        <translation>die Angabe des Kernels, dass das Laufwerk keine Discards annimmt</translation>
    </message>
    <message>
        <source>the drive&apos;s own discard counters (%1)</source>
        <translation>die eigenen Discard-Zähler des Laufwerks (%1)</translation>
    </message>
    <message>
        <source>since boot</source>
        <translation>seit dem Start</translation>
    </message>
    <message>
        <source>a watched period</source>
        <translation>ein beobachteter Zeitraum</translation>
    </message>
    <message>
        <source>no audit yet (reading this computer through udisks2…)</source>
        <translation>noch keine Prüfung (dieser Computer wird über udisks2 gelesen…)</translation>
    </message>
    <message>
        <source>Diagnose %1: its TRIM support, background TRIM, a TRIM sweep and filesystems made and deleted on it, planned for %2 (the time budget beside the button).</source>
        <translation>%1 diagnostizieren: seine TRIM-Unterstützung, Hintergrund-TRIM, ein TRIM-Durchlauf und darauf angelegte und gelöschte Dateisysteme, geplant für %2 (das Zeitbudget neben der Schaltfläche).</translation>
    </message>
    <message numerus="yes">
        <source>%Ln saved benchmark run(s)</source>
        <translation>
            <numerusform>%Ln gespeicherter Benchmark-Lauf</numerusform>
            <numerusform>%Ln gespeicherte Benchmark-Läufe</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln saved filesystem experiment(s)</source>
        <translation>
            <numerusform>%Ln gespeichertes Dateisystem-Experiment</numerusform>
            <numerusform>%Ln gespeicherte Dateisystem-Experimente</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln saved background-TRIM probe(s)</source>
        <translation>
            <numerusform>%Ln gespeicherte Hintergrund-TRIM-Messung</numerusform>
            <numerusform>%Ln gespeicherte Hintergrund-TRIM-Messungen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln saved stall test(s)</source>
        <translation>
            <numerusform>%Ln gespeicherter Stall-Test</numerusform>
            <numerusform>%Ln gespeicherte Stall-Tests</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln saved timed fstrim(s)</source>
        <translation>
            <numerusform>%Ln gespeichertes zeitgemessenes fstrim</numerusform>
            <numerusform>%Ln gespeicherte zeitgemessene fstrims</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln imported benchmark run(s)</source>
        <translation>
            <numerusform>%Ln importierter Benchmark-Lauf</numerusform>
            <numerusform>%Ln importierte Benchmark-Läufe</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln imported filesystem result(s)</source>
        <translation>
            <numerusform>%Ln importiertes Dateisystem-Ergebnis</numerusform>
            <numerusform>%Ln importierte Dateisystem-Ergebnisse</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>the imported audit (%Ln finding(s))</source>
        <translation>
            <numerusform>die importierte Prüfung (%Ln Befund)</numerusform>
            <numerusform>die importierte Prüfung (%Ln Befunde)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>the audit of this computer (%Ln finding(s))</source>
        <translation>
            <numerusform>die Prüfung dieses Computers (%Ln Befund)</numerusform>
            <numerusform>die Prüfung dieses Computers (%Ln Befunde)</numerusform>
        </translation>
    </message>
    <message>
        <source>Reading the saved runs of %1…</source>
        <translation>Die gespeicherten Läufe von %1 werden gelesen…</translation>
    </message>
    <message>
        <source>%1, %2 (this computer, not the simulated drive)</source>
        <translation>%1, %2 (dieser Computer, nicht das simulierte Laufwerk)</translation>
    </message>
    <message>
        <source>the simulated diagnosis of %1</source>
        <translation>die simulierte Diagnose vom %1</translation>
    </message>
    <message numerus="yes">
        <source>%Ln saved simulated benchmark run(s)</source>
        <translation>
            <numerusform>%Ln gespeicherter simulierter Benchmark-Lauf</numerusform>
            <numerusform>%Ln gespeicherte simulierte Benchmark-Läufe</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln saved simulated filesystem experiment(s)</source>
        <translation>
            <numerusform>%Ln gespeichertes simuliertes Dateisystem-Experiment</numerusform>
            <numerusform>%Ln gespeicherte simulierte Dateisystem-Experimente</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln saved simulated background-TRIM probe(s)</source>
        <translation>
            <numerusform>%Ln gespeicherter simulierter Hintergrund-TRIM-Test</numerusform>
            <numerusform>%Ln gespeicherte simulierte Hintergrund-TRIM-Tests</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln saved simulated stall test(s)</source>
        <translation>
            <numerusform>%Ln gespeicherter simulierter Stall-Test</numerusform>
            <numerusform>%Ln gespeicherte simulierte Stall-Tests</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln imported simulated benchmark run(s)</source>
        <translation>
            <numerusform>%Ln importierter simulierter Benchmark-Lauf</numerusform>
            <numerusform>%Ln importierte simulierte Benchmark-Läufe</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln imported simulated filesystem result(s)</source>
        <translation>
            <numerusform>%Ln importiertes simuliertes Dateisystem-Ergebnis</numerusform>
            <numerusform>%Ln importierte simulierte Dateisystem-Ergebnisse</numerusform>
        </translation>
    </message>
    <message>
        <source>the imported simulated background-TRIM probe</source>
        <translation>der importierte simulierte Hintergrund-TRIM-Test</translation>
    </message>
    <message numerus="yes">
        <source>%Ln older run(s) kept with the drive count no more: the diagnosis ran every test again.</source>
        <translation>
            <numerusform>%Ln älterer gespeicherter Lauf des Laufwerks zählt nicht mehr: Die Diagnose hat alle Tests neu ausgeführt.</numerusform>
            <numerusform>%Ln ältere gespeicherte Läufe des Laufwerks zählen nicht mehr: Die Diagnose hat alle Tests neu ausgeführt.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>trimscope::gui::ApplyController</name>
    <message>
        <source>Sto&amp;p after this step</source>
        <translation>Nach diesem Schritt an&amp;halten</translation>
    </message>
    <message>
        <source>&amp;Undo last change…</source>
        <translation>Letzte Änderung &amp;rückgängig…</translation>
    </message>
    <message>
        <source>A change to this computer is under way: wait for it, or cancel it.</source>
        <translation>Eine Änderung an diesem Computer läuft: Warten Sie sie ab oder halten Sie sie an.</translation>
    </message>
    <message>
        <source>change to this computer</source>
        <translation>Änderung an diesem Computer</translation>
    </message>
    <message>
        <source>Asking the TrimScope helper whether it can remount now…</source>
        <translation>Das TrimScope-Hilfsprogramm wird gefragt, ob es jetzt neu einhängen kann…</translation>
    </message>
    <message>
        <source>Not applied</source>
        <translation>Nicht angewandt</translation>
    </message>
    <message>
        <source>Nothing to undo</source>
        <translation>Nichts rückgängig zu machen</translation>
    </message>
    <message>
        <source>Nothing was changed.</source>
        <translation>Es wurde nichts geändert.</translation>
    </message>
    <message>
        <source>Finding the lines to change where udisks2 keeps them…</source>
        <translation>Die zu ändernden Zeilen werden bei udisks2 gesucht…</translation>
    </message>
    <message>
        <source>Step %1 of %2: %3. Waiting for the system to make the change; it may first ask for the administrator password…</source>
        <translation>Schritt %1 von %2: %3. Warten, bis das System die Änderung vornimmt; vielleicht fragt es zuerst nach dem Administratorpasswort…</translation>
    </message>
    <message>
        <source>Waiting for the passphrase of /dev/mapper/%1…</source>
        <translation>Warten auf die Passphrase von /dev/mapper/%1…</translation>
    </message>
    <message>
        <source>Changed: %1</source>
        <translation>Geändert: %1</translation>
    </message>
    <message>
        <source>Put back: %1</source>
        <translation>Zurückgesetzt: %1</translation>
    </message>
    <message>
        <source>Skipped: %1</source>
        <translation>Übersprungen: %1</translation>
    </message>
    <message>
        <source>Skipped, still changed: %1</source>
        <translation>Übersprungen, weiterhin geändert: %1</translation>
    </message>
    <message>
        <source>Still changed: %1</source>
        <translation>Noch geändert: %1</translation>
    </message>
    <message>
        <source>What was changed is recorded: “Undo last change” puts it back.</source>
        <translation>Was geändert wurde, ist festgehalten: „Letzte Änderung rückgängig“ setzt es zurück.</translation>
    </message>
    <message>
        <source>What is not yet put back stays recorded: “Undo last change” puts it back.</source>
        <translation>Was noch nicht zurückgesetzt ist, bleibt festgehalten: „Letzte Änderung rückgängig“ setzt es zurück.</translation>
    </message>
    <message>
        <source>Applied</source>
        <translation>Angewandt</translation>
    </message>
    <message>
        <source>Undone</source>
        <translation>Rückgängig gemacht</translation>
    </message>
    <message>
        <source>Stopped</source>
        <translation>Angehalten</translation>
    </message>
    <message>
        <source>Undo stopped</source>
        <translation>Rückgängigmachen angehalten</translation>
    </message>
    <message>
        <source>Not undone</source>
        <translation>Nicht rückgängig gemacht</translation>
    </message>
    <message>
        <source>Puts back “%1”, applied %2.</source>
        <translation>Nimmt „%1“ zurück, angewandt am %2.</translation>
    </message>
    <message>
        <source>Stops before the next step, or at once where the TrimScope helper waits for the password. What is already changed stays changed and recorded: “Undo last change” puts it back.</source>
        <translation>Hält vor dem nächsten Schritt an, oder sofort, wo der TrimScope-Helfer auf das Passwort wartet. Was schon geändert ist, bleibt geändert und festgehalten: „Letzte Änderung rückgängig“ setzt es zurück.</translation>
    </message>
    <message>
        <source>Change under way</source>
        <translation>Änderung läuft</translation>
    </message>
    <message>
        <source>A change to this computer is under way. Stop it and quit? What is already changed stays recorded: “Undo last change” puts it back.</source>
        <translation>Eine Änderung an diesem Computer läuft. Anhalten und beenden? Was schon geändert ist, bleibt festgehalten: „Letzte Änderung rückgängig“ setzt es zurück.</translation>
    </message>
    <message>
        <source>Stopping: a step of the TrimScope helper waiting for the password is withdrawn now; a step of udisks2 or systemd ends when its password prompt is answered or dismissed…</source>
        <translation>Wird angehalten: Ein Schritt des TrimScope-Helfers, der auf das Passwort wartet, wird jetzt zurückgezogen; ein Schritt von udisks2 oder systemd endet, wenn seine Passwortabfrage beantwortet oder geschlossen wird…</translation>
    </message>
</context>
<context>
    <name>trimscope::gui::ApplyDialog</name>
    <message>
        <source>Undo the change to this computer?</source>
        <translation>Die Änderung an diesem Computer rückgängig machen?</translation>
    </message>
    <message>
        <source>Change this computer?</source>
        <translation>Diesen Computer ändern?</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;%1&lt;/b&gt;&lt;/p&gt;&lt;p&gt;These changes will be made to this computer:&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;%1&lt;/b&gt;&lt;/p&gt;&lt;p&gt;Diese Änderungen werden an diesem Computer vorgenommen:&lt;/p&gt;</translation>
    </message>
    <message>
        <source>What will change</source>
        <translation>Was sich ändert</translation>
    </message>
    <message>
        <source>Each change asks for permission (polkit) as it is made: udisks2 for /etc/fstab and /etc/crypttab, systemd for the timer, the TrimScope helper for a remount. If one is refused or fails, the changes before it are put back. “Undo last change” puts everything back later.</source>
        <translation>Jede Änderung fragt beim Vornehmen um Erlaubnis (polkit): udisks2 für /etc/fstab und /etc/crypttab, systemd für den Timer, der TrimScope-Helfer für das erneute Einhängen. Wird eine abgelehnt oder schlägt fehl, werden die Änderungen davor zurückgesetzt. „Letzte Änderung rückgängig“ setzt später alles zurück.</translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation>&amp;Rückgängig</translation>
    </message>
    <message>
        <source>&amp;Apply</source>
        <translation>&amp;Anwenden</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;%1&lt;/b&gt;&lt;/p&gt;&lt;p&gt;This puts back what TrimScope changed:&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;%1&lt;/b&gt;&lt;/p&gt;&lt;p&gt;Das setzt zurück, was TrimScope geändert hat:&lt;/p&gt;</translation>
    </message>
</context>
<context>
    <name>trimscope::gui::AttributeModel</name>
    <message>
        <source>ID</source>
        <translation>ID</translation>
    </message>
    <message>
        <source>Attribute</source>
        <translation>Attribut</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>Wert</translation>
    </message>
    <message>
        <source>Worst</source>
        <translation>Schlechtester</translation>
    </message>
    <message>
        <source>Threshold</source>
        <translation>Schwelle</translation>
    </message>
    <message>
        <source>Raw (decoded)</source>
        <translation>Rohwert (dekodiert)</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>Typ</translation>
    </message>
    <message>
        <source>A vendor-specific attribute without a documented meaning.</source>
        <translation>Ein herstellerspezifisches Attribut ohne dokumentierte Bedeutung.</translation>
    </message>
    <message>
        <source>Pre-failure: falling to the threshold predicts a failure.</source>
        <translation>Vorausfall: Fällt der Wert auf die Schwelle, droht ein Ausfall.</translation>
    </message>
    <message>
        <source>Old-age: falling to the threshold means wear, not an imminent failure.</source>
        <translation>Alterung: Fällt der Wert auf die Schwelle, bedeutet das Verschleiß, keinen unmittelbar drohenden Ausfall.</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;At or below its threshold now.&lt;/b&gt;&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;Jetzt auf oder unter seiner Schwelle.&lt;/b&gt;&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;Was at or below its threshold in the past.&lt;/b&gt;&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;War in der Vergangenheit auf oder unter seiner Schwelle.&lt;/b&gt;&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;libatasmart flags this value.&lt;/b&gt;&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;libatasmart markiert diesen Wert.&lt;/b&gt;&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;Raw bytes: %1&lt;/p&gt;</source>
        <translation>&lt;p&gt;Rohbytes: %1&lt;/p&gt;</translation>
    </message>
    <message>
        <source>pre-failure</source>
        <translation>Vorausfall</translation>
    </message>
    <message>
        <source>old-age</source>
        <translation>Alterung</translation>
    </message>
    <message>
        <source>&lt;p&gt;Named by smartmontools&apos; drive database for this drive (libatasmart calls it %1).&lt;/p&gt;</source>
        <translation>&lt;p&gt;Name aus der Laufwerksdatenbank von smartmontools für dieses Laufwerk (libatasmart nennt es %1).&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;Not available: the drive fills this raw field with ones, which stands for no value (yet), not for a count.&lt;/p&gt;</source>
        <translation>&lt;p&gt;Nicht verfügbar: Das Laufwerk füllt dieses Rohwertfeld mit Einsen; das steht für (noch) keinen Wert, nicht für einen Zählerstand.&lt;/p&gt;</translation>
    </message>
</context>
<context>
    <name>trimscope::gui::BenchmarkTab</name>
    <message>
        <source>&amp;Benchmark TRIM</source>
        <translation>&amp;Benchmark starten</translation>
    </message>
    <message>
        <source>Plan</source>
        <translation>Plan</translation>
    </message>
    <message>
        <source>Select a drive on the left.</source>
        <translation>Wählen Sie links ein Laufwerk.</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; — served by %2</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; – über %2</translation>
    </message>
    <message>
        <source>Cannot be benchmarked: %1</source>
        <translation>Kann nicht gemessen werden: %1</translation>
    </message>
    <message>
        <source>TRIM benchmark</source>
        <translation>TRIM-Benchmark</translation>
    </message>
    <message>
        <source>Failed: %1</source>
        <translation>Fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>Unknown data format &quot;%1&quot;: use .csv or .json.</source>
        <translation>Unbekanntes Datenformat „%1“: Verwenden Sie .csv oder .json.</translation>
    </message>
    <message>
        <source>Export data…</source>
        <translation>Daten exportieren…</translation>
    </message>
    <message>
        <source>TRIM time</source>
        <translation>TRIM-Zeit</translation>
    </message>
    <message>
        <source>Throughput</source>
        <translation>Durchsatz</translation>
    </message>
    <message>
        <source>Table</source>
        <translation>Tabelle</translation>
    </message>
    <message>
        <source>Saved ru&amp;n:</source>
        <translation>Gespeicherter &amp;Lauf:</translation>
    </message>
    <message>
        <source>Shown: the run of %1 (%2).</source>
        <translation>Angezeigt: der Lauf vom %1 (%2).</translation>
    </message>
    <message>
        <source>Select a drive on the left to see its TRIM benchmarks.</source>
        <translation>Wählen Sie links ein Laufwerk, um seine TRIM-Benchmarks zu sehen.</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;%1 has no saved TRIM benchmark.&lt;/b&gt;&lt;/p&gt;&lt;p&gt;It cannot be benchmarked: %2&lt;/p&gt;&lt;p&gt;Simulated drives on the left can be benchmarked without risk.&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;Für %1 ist kein TRIM-Benchmark gespeichert.&lt;/b&gt;&lt;/p&gt;&lt;p&gt;Es kann nicht gemessen werden: %2&lt;/p&gt;&lt;p&gt;Die simulierten Laufwerke links lassen sich ohne Risiko im TRIM-Benchmark ausprobieren.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;%1 has no saved TRIM benchmark.&lt;/b&gt;&lt;/p&gt;&lt;p&gt;%2&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;Für %1 ist kein TRIM-Benchmark gespeichert.&lt;/b&gt;&lt;/p&gt;&lt;p&gt;%2&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;%1 has no saved TRIM benchmark yet.&lt;/b&gt;&lt;/p&gt;&lt;p&gt;Choose the sizes and repeats on the left and press “Benchmark TRIM”. Every run is kept and shown here whenever you select this drive.&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;Für %1 ist noch kein TRIM-Benchmark gespeichert.&lt;/b&gt;&lt;/p&gt;&lt;p&gt;Wählen Sie links Größen und Wiederholungen und drücken Sie „Benchmark starten“. Jeder Lauf wird aufbewahrt und hier gezeigt, sobald Sie dieses Laufwerk wählen.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>%1 to %2</source>
        <translation>%1 bis %2</translation>
    </message>
    <message>
        <source>largest chosen automatically for this drive</source>
        <translation>größte automatisch für dieses Laufwerk gewählt</translation>
    </message>
    <message>
        <source>Small TRIM (%1)</source>
        <translation>Kleines TRIM (%1)</translation>
    </message>
    <message>
        <source>median; 95 % within %1</source>
        <translation>Median; 95 % innerhalb von %1</translation>
    </message>
    <message>
        <source>Largest TRIM (%1)</source>
        <translation>Größtes TRIM (%1)</translation>
    </message>
    <message>
        <source>median, %1</source>
        <translation>Median, %1</translation>
    </message>
    <message>
        <source>Sizes</source>
        <translation>Größen</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>Lauf</translation>
    </message>
    <message>
        <source>%1; %2 of TRIM time</source>
        <translation>%1; %2 TRIM-Zeit</translation>
    </message>
    <message>
        <source>&lt;b&gt;Verdict for this drive:&lt;/b&gt; %1.</source>
        <translation>&lt;b&gt;Urteil für dieses Laufwerk:&lt;/b&gt; %1.</translation>
    </message>
    <message>
        <source>Why, and what to change…</source>
        <translation>Warum, und was zu ändern ist …</translation>
    </message>
    <message>
        <source>What this means for discard settings</source>
        <translation>Was das für die Discard-Einstellungen bedeutet</translation>
    </message>
    <message>
        <source>Hover a line in the chart for its figures.</source>
        <translation>Mit der Maus über einer Linie im Diagramm erscheinen ihre Werte.</translation>
    </message>
    <message>
        <source>TRIM time per discard size</source>
        <translation>TRIM-Zeit je Discard-Größe</translation>
    </message>
    <message>
        <source>TRIM throughput per discard size</source>
        <translation>TRIM-Durchsatz je Discard-Größe</translation>
    </message>
    <message>
        <source>The TRIM benchmark destroys all data on this drive.</source>
        <translation>Der TRIM-Benchmark vernichtet alle Daten auf diesem Laufwerk.</translation>
    </message>
    <message>
        <source>&amp;Destroy data and benchmark</source>
        <translation>Daten &amp;vernichten und messen</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>Trimmed: %1.</source>
        <translation>Getrimmt: %1.</translation>
    </message>
    <message>
        <source>This is a %1 result, not a TRIM benchmark.</source>
        <translation>Dies ist ein %1-Ergebnis, kein TRIM-Benchmark.</translation>
    </message>
    <message>
        <source>Report…</source>
        <translation>Bericht…</translation>
    </message>
    <message>
        <source>One page to share or attach to a bug report: the drive, its health, this curve, the verdict and what to change (PDF or HTML).</source>
        <translation>Eine Seite zum Teilen oder zum Anhängen an einen Fehlerbericht: das Laufwerk, sein Zustand, diese Kurve, das Urteil und was zu ändern ist (PDF oder HTML).</translation>
    </message>
    <message>
        <source>Shown: diagnosis of %1 (%2).</source>
        <translation>Angezeigt: Diagnose vom %1 (%2).</translation>
    </message>
    <message numerus="yes">
        <source>%Ln size(s) measured</source>
        <translation>
            <numerusform>%Ln Größe gemessen</numerusform>
            <numerusform>%Ln Größen gemessen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln discard(s)</source>
        <translation>
            <numerusform>%Ln Discard</numerusform>
            <numerusform>%Ln Discards</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>trimscope::gui::ChartWidget</name>
    <message>
        <source>A chart must be between 200×150 and 10000×10000 pixels.</source>
        <translation>Ein Diagramm muss zwischen 200×150 und 10000×10000 Pixel groß sein.</translation>
    </message>
    <message>
        <source>Chart made by TrimScope</source>
        <translation>Diagramm erstellt mit TrimScope</translation>
    </message>
    <message>
        <source>Cannot write %1.</source>
        <translation>%1 kann nicht geschrieben werden.</translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>%1 kann nicht geschrieben werden: %2</translation>
    </message>
    <message>
        <source>Unknown chart format &quot;%1&quot;: use .png, .svg or .pdf.</source>
        <translation>Unbekanntes Diagrammformat „%1“: Verwenden Sie .png, .svg oder .pdf.</translation>
    </message>
</context>
<context>
    <name>trimscope::gui::CompareTab</name>
    <message>
        <source>&amp;Import…</source>
        <translation>Im&amp;portieren…</translation>
    </message>
    <message>
        <source>De&amp;lete</source>
        <translation>&amp;Löschen</translation>
    </message>
    <message>
        <source>Saved runs</source>
        <translation>Gespeicherte Läufe</translation>
    </message>
    <message>
        <source>TRIM time</source>
        <translation>TRIM-Zeit</translation>
    </message>
    <message>
        <source>Throughput</source>
        <translation>Durchsatz</translation>
    </message>
    <message>
        <source>TRIM time by discard size, compared</source>
        <translation>TRIM-Zeit nach Discard-Größe im Vergleich</translation>
    </message>
    <message>
        <source>TRIM throughput by discard size, compared</source>
        <translation>TRIM-Durchsatz nach Discard-Größe im Vergleich</translation>
    </message>
    <message>
        <source>Import runs</source>
        <translation>Läufe importieren</translation>
    </message>
    <message>
        <source>TrimScope runs (*.json)</source>
        <translation>TrimScope-Läufe (*.json)</translation>
    </message>
    <message>
        <source>Cannot write %1.</source>
        <translation>%1 kann nicht geschrieben werden.</translation>
    </message>
    <message>
        <source>Delete runs</source>
        <translation>Läufe löschen</translation>
    </message>
    <message>
        <source>nothing measured</source>
        <translation>nichts gemessen</translation>
    </message>
    <message>
        <source>%1 to %2</source>
        <translation>%1 bis %2</translation>
    </message>
    <message>
        <source>Cop&amp;y files to…</source>
        <translation>Dateien &amp;kopieren nach…</translation>
    </message>
    <message>
        <source>Export chart…</source>
        <translation>Diagramm exportieren…</translation>
    </message>
    <message>
        <source>Run (tick to overlay)</source>
        <translation>Lauf (zum Überlagern abhaken)</translation>
    </message>
    <message>
        <source>Started</source>
        <translation>Gestartet</translation>
    </message>
    <message>
        <source>Outcome</source>
        <translation>Ausgang</translation>
    </message>
    <message>
        <source>Sizes</source>
        <translation>Größen</translation>
    </message>
    <message>
        <source>Copies the selected runs&apos; JSON files to a folder.</source>
        <translation>Kopiert die JSON-Dateien der ausgewählten Läufe in einen Ordner.</translation>
    </message>
    <message>
        <source>Saved &amp;runs (the table is the chart&apos;s legend):</source>
        <translation>Gespeicherte Läu&amp;fe (die Tabelle ist die Legende des Diagramms):</translation>
    </message>
    <message>
        <source>&amp;Chart shows:</source>
        <translation>Dia&amp;gramm zeigt:</translation>
    </message>
    <message>
        <source>%1, %2</source>
        <translation>%1, %2</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>TRIM benchmark run</source>
        <translation>TRIM-Benchmark-Lauf</translation>
    </message>
    <message>
        <source>Some files were not imported</source>
        <translation>Einige Dateien wurden nicht importiert</translation>
    </message>
    <message>
        <source>Select the runs to copy in the table first.</source>
        <translation>Wählen Sie zuerst die zu kopierenden Läufe in der Tabelle.</translation>
    </message>
    <message>
        <source>Copy run files to</source>
        <translation>Lauf-Dateien kopieren nach</translation>
    </message>
    <message>
        <source>Replace file?</source>
        <translation>Datei ersetzen?</translation>
    </message>
    <message>
        <source>%1 exists already. Replace it?</source>
        <translation>%1 gibt es schon. Ersetzen?</translation>
    </message>
    <message>
        <source>Copy failed</source>
        <translation>Kopieren fehlgeschlagen</translation>
    </message>
    <message>
        <source>%1, diagnosis</source>
        <translation>%1, Diagnose</translation>
    </message>
    <message>
        <source>%1 (diagnosis)</source>
        <translation>%1 (Diagnose)</translation>
    </message>
    <message numerus="yes">
        <source>Importing %Ln run file(s)…</source>
        <translation>
            <numerusform>%Ln Lauf-Datei wird importiert…</numerusform>
            <numerusform>%Ln Lauf-Dateien werden importiert…</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Imported %Ln run(s).</source>
        <translation>
            <numerusform>%Ln Lauf importiert.</numerusform>
            <numerusform>%Ln Läufe importiert.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln run(s) were stored already and are ticked, not copied again.</source>
        <translation>
            <numerusform>%Ln Lauf war schon gespeichert und ist abgehakt, nicht erneut kopiert.</numerusform>
            <numerusform>%Ln Läufe waren schon gespeichert und sind abgehakt, nicht erneut kopiert.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Delete %Ln saved run(s)?</source>
        <translation>
            <numerusform>%Ln gespeicherten Lauf löschen?</numerusform>
            <numerusform>%Ln gespeicherte Läufe löschen?</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>trimscope::gui::ConfirmDialog</name>
    <message>
        <source>Destroy all data on %1?</source>
        <translation>Alle Daten auf %1 vernichten?</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;The TRIM benchmark destroys all data on this drive.&lt;/b&gt; Files, partitions and file systems on it cannot be recovered afterwards.&lt;/p&gt;&lt;table&gt;&lt;tr&gt;&lt;td&gt;Model:&amp;nbsp;&lt;/td&gt;&lt;td&gt;&lt;b&gt;%1&lt;/b&gt;&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;Serial number:&amp;nbsp;&lt;/td&gt;&lt;td&gt;&lt;b&gt;%2&lt;/b&gt;&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;Size:&amp;nbsp;&lt;/td&gt;&lt;td&gt;&lt;b&gt;%3&lt;/b&gt;&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;Device:&amp;nbsp;&lt;/td&gt;&lt;td&gt;&lt;b&gt;%4&lt;/b&gt;&lt;/td&gt;&lt;/tr&gt;&lt;/table&gt;&lt;p&gt;To go ahead, type the device name &lt;b&gt;%5&lt;/b&gt; below.&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;Der TRIM-Benchmark vernichtet alle Daten auf diesem Laufwerk.&lt;/b&gt; Dateien, Partitionen und Dateisysteme darauf lassen sich danach nicht wiederherstellen.&lt;/p&gt;&lt;table&gt;&lt;tr&gt;&lt;td&gt;Modell:&amp;nbsp;&lt;/td&gt;&lt;td&gt;&lt;b&gt;%1&lt;/b&gt;&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;Seriennummer:&amp;nbsp;&lt;/td&gt;&lt;td&gt;&lt;b&gt;%2&lt;/b&gt;&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;Größe:&amp;nbsp;&lt;/td&gt;&lt;td&gt;&lt;b&gt;%3&lt;/b&gt;&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;Gerät:&amp;nbsp;&lt;/td&gt;&lt;td&gt;&lt;b&gt;%4&lt;/b&gt;&lt;/td&gt;&lt;/tr&gt;&lt;/table&gt;&lt;p&gt;Um fortzufahren, geben Sie unten den Gerätenamen &lt;b&gt;%5&lt;/b&gt; ein.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Device name</source>
        <translation>Gerätename</translation>
    </message>
    <message>
        <source>&amp;Destroy data and benchmark</source>
        <translation>Daten &amp;vernichten und messen</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;%6&lt;/b&gt; Files, partitions and file systems on it cannot be recovered afterwards.&lt;/p&gt;&lt;table&gt;&lt;tr&gt;&lt;td&gt;Model:&amp;nbsp;&lt;/td&gt;&lt;td&gt;&lt;b&gt;%1&lt;/b&gt;&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;Serial number:&amp;nbsp;&lt;/td&gt;&lt;td&gt;&lt;b&gt;%2&lt;/b&gt;&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;Size:&amp;nbsp;&lt;/td&gt;&lt;td&gt;&lt;b&gt;%3&lt;/b&gt;&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;Device:&amp;nbsp;&lt;/td&gt;&lt;td&gt;&lt;b&gt;%4&lt;/b&gt;&lt;/td&gt;&lt;/tr&gt;&lt;/table&gt;&lt;p&gt;To go ahead, type the device name &lt;b&gt;%5&lt;/b&gt; below.&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;%6&lt;/b&gt; Dateien, Partitionen und Dateisysteme darauf lassen sich danach nicht wiederherstellen.&lt;/p&gt;&lt;table&gt;&lt;tr&gt;&lt;td&gt;Modell:&amp;nbsp;&lt;/td&gt;&lt;td&gt;&lt;b&gt;%1&lt;/b&gt;&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;Seriennummer:&amp;nbsp;&lt;/td&gt;&lt;td&gt;&lt;b&gt;%2&lt;/b&gt;&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;Größe:&amp;nbsp;&lt;/td&gt;&lt;td&gt;&lt;b&gt;%3&lt;/b&gt;&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;Gerät:&amp;nbsp;&lt;/td&gt;&lt;td&gt;&lt;b&gt;%4&lt;/b&gt;&lt;/td&gt;&lt;/tr&gt;&lt;/table&gt;&lt;p&gt;Um fortzufahren, geben Sie unten den Gerätenamen &lt;b&gt;%5&lt;/b&gt; ein.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>The name matches: Enter or “%1” starts the run.</source>
        <translation>Der Name stimmt: Eingabe oder „%1“ startet den Lauf.</translation>
    </message>
    <message>
        <source>Type %1 exactly to go ahead. Esc cancels.</source>
        <translation>Geben Sie genau %1 ein, um fortzufahren. Esc bricht ab.</translation>
    </message>
</context>
<context>
    <name>trimscope::gui::DiagnoseBudget</name>
    <message>
        <source>Time budget of a diagnosis</source>
        <translation>Zeitbudget einer Diagnose</translation>
    </message>
    <message>
        <source>How long the diagnosis may take. It plans its phases to end near this time (trimscope-cli diagnose --budget MINUTES); a short budget measures fewer sizes and smaller file trees.</source>
        <translation>Wie lange die Diagnose dauern darf. Sie plant ihre Phasen so, dass sie nahe dieser Zeit enden (trimscope-cli diagnose --budget MINUTEN); ein kurzes Budget misst weniger Größen und kleinere Dateibäume.</translation>
    </message>
    <message>
        <source>Budget:</source>
        <translation>Budget:</translation>
    </message>
    <message numerus="yes">
        <source>%Ln min</source>
        <translation>
            <numerusform>%Ln min</numerusform>
            <numerusform>%Ln min</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>trimscope::gui::DriveList</name>
    <message>
        <source>unknown</source>
        <translation>unbekannt</translation>
    </message>
    <message>
        <source>Drives</source>
        <translation>Laufwerke</translation>
    </message>
    <message>
        <source>Drive</source>
        <translation>Laufwerk</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>Größe</translation>
    </message>
    <message>
        <source>Bus</source>
        <translation>Bus</translation>
    </message>
    <message>
        <source>TRIM</source>
        <translation>TRIM</translation>
    </message>
    <message>
        <source>In use</source>
        <translation>Belegt</translation>
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
        <source>no medium</source>
        <translation>kein Medium</translation>
    </message>
    <message>
        <source>Can: %1</source>
        <translation>Kann: %1</translation>
    </message>
    <message>
        <source>Can: %1 (%2)</source>
        <translation>Kann: %1 (%2)</translation>
    </message>
    <message>
        <source>Cannot: %1 — %2. Remedy: %3.</source>
        <translation>Kann nicht: %1 – %2. Abhilfe: %3.</translation>
    </message>
    <message>
        <source>Cannot: %1 (point here for why and what helps)</source>
        <translation>Kann nicht: %1 (hierauf zeigen: warum, und was hilft)</translation>
    </message>
    <message>
        <source>No TRIM benchmark on this drive:</source>
        <translation>Kein TRIM-Benchmark auf diesem Laufwerk:</translation>
    </message>
    <message>
        <source>no TRIM benchmark here</source>
        <translation>hier kein TRIM-Benchmark</translation>
    </message>
    <message numerus="yes">
        <source>%Ln drive(s) it also offers listed above</source>
        <translation>
            <numerusform>%Ln Laufwerk, das es auch anbietet, steht oben</numerusform>
            <numerusform>%Ln Laufwerke, die es auch anbietet, stehen oben</numerusform>
        </translation>
    </message>
    <message>
        <source>Looking for drives…</source>
        <translation>Laufwerke werden gesucht…</translation>
    </message>
</context>
<context>
    <name>trimscope::gui::DriveTab</name>
    <message>
        <source>Export chart…</source>
        <translation>Diagramm exportieren…</translation>
    </message>
    <message>
        <source>The result could not be shown: %1</source>
        <translation>Das Ergebnis konnte nicht angezeigt werden: %1</translation>
    </message>
    <message>
        <source>Reading the saved runs of %1…</source>
        <translation>Die gespeicherten Läufe von %1 werden gelesen…</translation>
    </message>
</context>
<context>
    <name>trimscope::gui::ExperimentTab</name>
    <message>
        <source>Open resu&amp;lt…</source>
        <translation>Ergebnis öff&amp;nen…</translation>
    </message>
    <message>
        <source>Run on the selected drive</source>
        <translation>Auf dem ausgewählten Laufwerk ausführen</translation>
    </message>
    <message>
        <source>Saved ru&amp;n:</source>
        <translation>Gespeicherter &amp;Lauf:</translation>
    </message>
    <message>
        <source>Select a drive on the left, or open a result file.</source>
        <translation>Wählen Sie links ein Laufwerk oder öffnen Sie eine Ergebnisdatei.</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;No result of this experiment on %1 yet.&lt;/b&gt;&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;Noch kein Ergebnis dieses Experiments auf %1.&lt;/b&gt;&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;Choose above and press “%1”; the result is kept with the drive.&lt;/p&gt;</source>
        <translation>&lt;p&gt;Wählen Sie oben und drücken Sie „%1“; das Ergebnis wird beim Laufwerk aufbewahrt.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Simulated: nothing is written anywhere.</source>
        <translation>Simuliert: Es wird nirgends etwas geschrieben.</translation>
    </message>
    <message>
        <source>Destroys all data on the drive; asks first.</source>
        <translation>Vernichtet alle Daten auf dem Laufwerk; fragt vorher nach.</translation>
    </message>
    <message>
        <source>opened: %1</source>
        <translation>geöffnet: %1</translation>
    </message>
    <message>
        <source>TrimScope results (*.json)</source>
        <translation>TrimScope-Ergebnisse (*.json)</translation>
    </message>
    <message>
        <source>Not opened: %1</source>
        <translation>Nicht geöffnet: %1</translation>
    </message>
    <message>
        <source>Trims free space only; files stay. Asks for an administrator password.</source>
        <translation>Trimmt nur freien Speicher; Dateien bleiben. Fragt nach einem Administratorpasswort.</translation>
    </message>
</context>
<context>
    <name>trimscope::gui::ExportDialog</name>
    <message>
        <source>Export chart</source>
        <translation>Diagramm exportieren</translation>
    </message>
    <message>
        <source>PNG image</source>
        <translation>PNG-Bild</translation>
    </message>
    <message>
        <source>SVG drawing</source>
        <translation>SVG-Zeichnung</translation>
    </message>
    <message>
        <source>PDF document</source>
        <translation>PDF-Dokument</translation>
    </message>
    <message>
        <source> px</source>
        <translation> px</translation>
    </message>
    <message>
        <source>&amp;Browse…</source>
        <translation>&amp;Durchsuchen…</translation>
    </message>
    <message>
        <source>&amp;Format:</source>
        <translation>&amp;Format:</translation>
    </message>
    <message>
        <source>&amp;Width:</source>
        <translation>&amp;Breite:</translation>
    </message>
    <message>
        <source>&amp;Height:</source>
        <translation>&amp;Höhe:</translation>
    </message>
    <message>
        <source>Replace file?</source>
        <translation>Datei ersetzen?</translation>
    </message>
    <message>
        <source>“%1” exists already in %2. Replace it?</source>
        <translation>„%1“ gibt es in %2 schon. Ersetzen?</translation>
    </message>
    <message>
        <source>Save &amp;as:</source>
        <translation>Speichern &amp;unter:</translation>
    </message>
</context>
<context>
    <name>trimscope::gui::FilesystemTab</name>
    <message>
        <source>&amp;Run experiment…</source>
        <translation>Experi&amp;ment ausführen…</translation>
    </message>
    <message>
        <source>A result of &quot;trimscope-cli fsbench&quot; or &quot;trimscope-cli mkfs-timing&quot; (JSON).</source>
        <translation>Ein Ergebnis von „trimscope-cli fsbench“ oder „trimscope-cli mkfs-timing“ (JSON).</translation>
    </message>
    <message>
        <source>Open filesystem result</source>
        <translation>Dateisystem-Ergebnis öffnen</translation>
    </message>
    <message>
        <source>Deleting a file tree (online discard against fstrim)</source>
        <translation>Löschen eines Dateibaums (Online-Discard gegenüber fstrim)</translation>
    </message>
    <message>
        <source>mkfs with and without its whole-device discard</source>
        <translation>mkfs mit und ohne Discard des ganzen Geräts</translation>
    </message>
    <message>
        <source>tiny (%1 files, %2)</source>
        <translation>winzig (%1 Dateien, %2)</translation>
    </message>
    <message>
        <source>kernel (a kernel source tree&apos;s shape)</source>
        <translation>Kernel (aufgebaut wie ein Kernel-Quellbaum)</translation>
    </message>
    <message>
        <source>E&amp;xperiment:</source>
        <translation>E&amp;xperiment:</translation>
    </message>
    <message>
        <source>Filesystems:</source>
        <translation>Dateisysteme:</translation>
    </message>
    <message>
        <source>Choose at least one filesystem.</source>
        <translation>Wählen Sie mindestens ein Dateisystem.</translation>
    </message>
    <message>
        <source>mkfs timing</source>
        <translation>Die mkfs-Zeitmessung</translation>
    </message>
    <message>
        <source>filesystem experiment</source>
        <translation>Das Dateisystem-Experiment</translation>
    </message>
    <message>
        <source>Timing mkfs destroys all data on this drive.</source>
        <translation>Die mkfs-Zeitmessung vernichtet alle Daten auf diesem Laufwerk.</translation>
    </message>
    <message>
        <source>The filesystem experiment destroys all data on this drive.</source>
        <translation>Das Dateisystem-Experiment vernichtet alle Daten auf diesem Laufwerk.</translation>
    </message>
    <message>
        <source>This is a %1 result, not a filesystem experiment&apos;s.</source>
        <translation>Dies ist ein %1-Ergebnis, keines eines Dateisystem-Experiments.</translation>
    </message>
    <message>
        <source>Or run &quot;trimscope-cli fsbench DEVICE --destroy-data --json FILE&quot; on a spare drive and open the file here.</source>
        <translation>Oder führen Sie „trimscope-cli fsbench GERÄT --destroy-data --json DATEI“ auf einem freien Laufwerk aus und öffnen Sie die Datei hier.</translation>
    </message>
    <message>
        <source>F&amp;ile tree:</source>
        <translation>Datei&amp;baum:</translation>
    </message>
    <message>
        <source>&lt;b&gt;Simulated drive:&lt;/b&gt; no filesystem is made. The discards ext4 and XFS are recorded to send when deleting such a tree, and fstrim&apos;s over the free space, are replayed against this drive&apos;s latency model (btrfs has no record and is skipped).</source>
        <translation>&lt;b&gt;Simuliertes Laufwerk:&lt;/b&gt; Es wird kein Dateisystem angelegt. Die Discards, die ext4 und XFS laut Aufzeichnung beim Löschen eines solchen Baums senden, und die von fstrim über den freien Platz, werden gegen das Latenzmodell dieses Laufwerks nachgespielt (für btrfs gibt es keine Aufzeichnung; es wird übersprungen).</translation>
    </message>
    <message>
        <source>quick (%1 files, %2)</source>
        <translation>schnell (%1 Dateien, %2)</translation>
    </message>
</context>
<context>
    <name>trimscope::gui::FixList</name>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; — %2</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; – %2</translation>
    </message>
    <message>
        <source>In %1:</source>
        <translation>In %1:</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>Kopieren</translation>
    </message>
    <message>
        <source>Copy this to the clipboard</source>
        <translation>In die Zwischenablage kopieren</translation>
    </message>
    <message>
        <source>Apply…</source>
        <translation>Anwenden…</translation>
    </message>
    <message>
        <source>Shows exactly what changes on this computer, and asks once</source>
        <translation>Zeigt genau, was sich an diesem Computer ändert, und fragt einmal</translation>
    </message>
</context>
<context>
    <name>trimscope::gui::HealthTab</name>
    <message>
        <source>&amp;Load SMART blob…</source>
        <translation>SMART-Daten &amp;laden…</translation>
    </message>
    <message>
        <source>&amp;Read from drive</source>
        <translation>Vom Lauf&amp;werk lesen</translation>
    </message>
    <message>
        <source>E&amp;xport raw data (JSON)…</source>
        <translation>Rohdaten e&amp;xportieren (JSON)…</translation>
    </message>
    <message>
        <source>%p % of rated life used</source>
        <translation>%p % der angegebenen Lebensdauer verbraucht</translation>
    </message>
    <message>
        <source>A file written by &quot;skdump --save&quot; (package libatasmart-bin).</source>
        <translation>Eine mit „skdump --save“ geschriebene Datei (Paket libatasmart-bin).</translation>
    </message>
    <message>
        <source>Wear and lifetime writes</source>
        <translation>Verschleiß und geschriebene Daten</translation>
    </message>
    <message>
        <source>Lifespan estimate</source>
        <translation>Geschätzte Lebensdauer</translation>
    </message>
    <message>
        <source>Select a drive, or load a SMART blob.</source>
        <translation>Wählen Sie ein Laufwerk oder laden Sie SMART-Daten.</translation>
    </message>
    <message>
        <source>example data</source>
        <translation>Beispieldaten</translation>
    </message>
    <message>
        <source>%1 is simulated and has no SMART data. Shown instead: example data from a real Intel 320 (SSDSA2CW120G3).</source>
        <translation>%1 ist simuliert und hat keine SMART-Daten. Stattdessen gezeigt: Beispieldaten einer echten Intel 320 (SSDSA2CW120G3).</translation>
    </message>
    <message>
        <source>SMART data of %1, loaded from %2.</source>
        <translation>SMART-Daten von %1, geladen aus %2.</translation>
    </message>
    <message>
        <source>Load SMART blob</source>
        <translation>SMART-Daten laden</translation>
    </message>
    <message>
        <source>Not loaded: %1</source>
        <translation>Nicht geladen: %1</translation>
    </message>
    <message>
        <source>No health data.</source>
        <translation>Keine Zustandsdaten.</translation>
    </message>
    <message>
        <source>wear not reported by this drive</source>
        <translation>Verschleiß wird von diesem Laufwerk nicht gemeldet</translation>
    </message>
    <message>
        <source>%1 °C</source>
        <translation>%1 °C</translation>
    </message>
    <message>
        <source>&lt;table&gt;&lt;tr&gt;&lt;td&gt;Model:&lt;/td&gt;&lt;td&gt;%1&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;Overall:&lt;/td&gt;&lt;td&gt;%2&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;Lifetime writes:&lt;/td&gt;&lt;td&gt;&lt;b&gt;%3&lt;/b&gt;&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;Power-on time:&lt;/td&gt;&lt;td&gt;%4&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;Temperature:&lt;/td&gt;&lt;td&gt;%5&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;TRIM supported:&lt;/td&gt;&lt;td&gt;%6&lt;/td&gt;&lt;/tr&gt;%7&lt;/table&gt;</source>
        <translation>&lt;table&gt;&lt;tr&gt;&lt;td&gt;Modell:&lt;/td&gt;&lt;td&gt;%1&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;Gesamt:&lt;/td&gt;&lt;td&gt;%2&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;Insgesamt geschrieben:&lt;/td&gt;&lt;td&gt;&lt;b&gt;%3&lt;/b&gt;&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;Betriebszeit:&lt;/td&gt;&lt;td&gt;%4&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;Temperatur:&lt;/td&gt;&lt;td&gt;%5&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;TRIM unterstützt:&lt;/td&gt;&lt;td&gt;%6&lt;/td&gt;&lt;/tr&gt;%7&lt;/table&gt;</translation>
    </message>
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
        <source>&lt;b&gt;About %1 years&lt;/b&gt; of rated life at this write rate.</source>
        <translation>&lt;b&gt;Etwa %1 Jahre&lt;/b&gt; angegebene Lebensdauer bei dieser Schreibrate.</translation>
    </message>
    <message>
        <source>&lt;b&gt;Unknown:&lt;/b&gt; %1</source>
        <translation>&lt;b&gt;Unbekannt:&lt;/b&gt; %1</translation>
    </message>
    <message>
        <source>Written: %1 per day on average.</source>
        <translation>Geschrieben: durchschnittlich %1 pro Tag.</translation>
    </message>
    <message>
        <source>From the drive&apos;s own wear figure: %1 years left.</source>
        <translation>Laut dem Verschleißwert des Laufwerks: noch %1 Jahre.</translation>
    </message>
    <message>
        <source>Assumed: %1</source>
        <translation>Angenommen: %1</translation>
    </message>
    <message>
        <source>No health data to export.</source>
        <translation>Keine Zustandsdaten zum Exportieren.</translation>
    </message>
    <message>
        <source>Export health data</source>
        <translation>Zustandsdaten exportieren</translation>
    </message>
    <message>
        <source>JSON (*.json)</source>
        <translation>JSON (*.json)</translation>
    </message>
    <message>
        <source>Export failed: %1</source>
        <translation>Export fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>Health data saved to %1</source>
        <translation>Zustandsdaten gespeichert unter %1</translation>
    </message>
    <message>
        <source>Press &quot;Read from drive&quot; to read the SMART data of %1 through the TrimScope helper; it asks for the administrator password first.</source>
        <translation>Drücken Sie „Vom Laufwerk lesen“, um die SMART-Daten von %1 über das TrimScope-Hilfsprogramm zu lesen; es fragt vorher nach dem Administratorpasswort.</translation>
    </message>
    <message>
        <source>Simulated drives have no SMART data.</source>
        <translation>Simulierte Laufwerke haben keine SMART-Daten.</translation>
    </message>
    <message>
        <source>Reads SMART data through the TrimScope helper (asks for the administrator password).</source>
        <translation>Liest die SMART-Daten über das TrimScope-Hilfsprogramm (fragt nach dem Administratorpasswort).</translation>
    </message>
    <message>
        <source>Reading health of real drives needs the TrimScope helper.</source>
        <translation>Um den Zustand echter Laufwerke zu lesen, wird das TrimScope-Hilfsprogramm benötigt.</translation>
    </message>
    <message>
        <source>Reading the health of %1… (this may ask for your permission)</source>
        <translation>Zustand von %1 wird gelesen… (möglicherweise werden Sie um Erlaubnis gefragt)</translation>
    </message>
    <message>
        <source>Could not read the health of %1: %2</source>
        <translation>Der Zustand von %1 konnte nicht gelesen werden: %2</translation>
    </message>
    <message>
        <source>Health not read: %1</source>
        <translation>Zustand nicht gelesen: %1</translation>
    </message>
    <message>
        <source>SMART data of %1, read from %2 just now.</source>
        <translation>SMART-Daten von %1, soeben gelesen von %2.</translation>
    </message>
    <message>
        <source>%1 h</source>
        <translation>%1 h</translation>
    </message>
    <message>
        <source>Reading health of real drives needs the TrimScope helper. Without it, save the drive&apos;s SMART data with &quot;%1&quot; and load it here.</source>
        <translation>Um den Zustand echter Laufwerke zu lesen, wird das TrimScope-Hilfsprogramm benötigt. Ohne es speichern Sie die SMART-Daten des Laufwerks mit „%1“ und laden sie hier.</translation>
    </message>
    <message>
        <source>Reading the drive database…</source>
        <translation>Laufwerksdatenbank wird gelesen…</translation>
    </message>
</context>
<context>
    <name>trimscope::gui::HelpWindow</name>
    <message>
        <source>Open the README &amp;online</source>
        <translation>README &amp;online öffnen</translation>
    </message>
    <message>
        <source>TrimScope user guide</source>
        <translation>TrimScope-Anleitung</translation>
    </message>
    <message>
        <source>A word to find; Enter finds the next</source>
        <translation>Ein Wort zum Suchen; Eingabe findet das nächste</translation>
    </message>
    <message>
        <source>&amp;Search:</source>
        <translation>&amp;Suchen:</translation>
    </message>
    <message>
        <source>&amp;Contents</source>
        <translation>&amp;Inhalt</translation>
    </message>
    <message>
        <source>The project&apos;s README on its homepage, in English: the same program in more technical detail. Needs a web browser.</source>
        <translation>Die README auf der Homepage des Projekts, auf Englisch: dasselbe Programm, technischer beschrieben. Braucht einen Webbrowser.</translation>
    </message>
    <message>
        <source>en</source>
        <comment>the language code of the user guide in this language (resources/help/guide.CODE.html); keep &quot;en&quot; until that file exists</comment>
        <translation>de</translation>
    </message>
    <message>
        <source>&lt;b&gt;No web browser could be opened for&lt;/b&gt; %1&lt;br&gt;To read it, copy the address into a browser on any computer. This guide works without one.</source>
        <translation>&lt;b&gt;Kein Webbrowser ließ sich öffnen für&lt;/b&gt; %1&lt;br&gt;Um die Seite zu lesen, kopieren Sie die Adresse in einen Browser auf irgendeinem Computer. Diese Anleitung geht ohne.</translation>
    </message>
    <message>
        <source>Not in the guide</source>
        <translation>Nicht in der Anleitung</translation>
    </message>
</context>
<context>
    <name>trimscope::gui::HelperBackend</name>
    <message>
        <source>looking for the helper…</source>
        <translation>Hilfsprogramm wird gesucht…</translation>
    </message>
    <message>
        <source>TrimScope helper</source>
        <translation>TrimScope-Hilfsprogramm</translation>
    </message>
    <message>
        <source>The TrimScope helper opens and measures the drive as root after asking for your permission.</source>
        <translation>Das TrimScope-Hilfsprogramm öffnet und misst das Laufwerk als root, nachdem es Sie um Erlaubnis gefragt hat.</translation>
    </message>
    <message>
        <source>unavailable: no system D-Bus</source>
        <translation>nicht verfügbar: kein System-D-Bus</translation>
    </message>
    <message>
        <source>unavailable: helper not installed</source>
        <translation>nicht verfügbar: Hilfsprogramm nicht installiert</translation>
    </message>
    <message>
        <source>The TrimScope helper is %1.</source>
        <translation>TrimScope-Hilfsprogramm: %1.</translation>
    </message>
    <message>
        <source>there is no system D-Bus</source>
        <translation>es gibt keinen System-D-Bus</translation>
    </message>
    <message>
        <source>the TrimScope helper is not installed on this system</source>
        <translation>das TrimScope-Hilfsprogramm ist auf diesem System nicht installiert</translation>
    </message>
    <message>
        <source>TRIM benchmark and background-TRIM probe</source>
        <translation>TRIM-Benchmark und Hintergrund-TRIM-Test</translation>
    </message>
    <message>
        <source>the helper asks for an administrator password first</source>
        <translation>das Hilfsprogramm fragt zuerst nach einem Administratorpasswort</translation>
    </message>
    <message>
        <source>install TrimScope&apos;s host package (the .deb), which brings the helper; a Flatpak cannot install it</source>
        <translation>installieren Sie das Host-Paket von TrimScope (das .deb), das das Hilfsprogramm mitbringt; ein Flatpak kann es nicht installieren</translation>
    </message>
    <message>
        <source>file-system experiments and write tests</source>
        <translation>Dateisystem-Experimente und Schreibtests</translation>
    </message>
    <message>
        <source>health of ATA and NVMe drives</source>
        <translation>Zustand von ATA- und NVMe-Laufwerken</translation>
    </message>
    <message numerus="yes">
        <source>available, %Ln drive(s)</source>
        <translation>
            <numerusform>verfügbar, %Ln Laufwerk</numerusform>
            <numerusform>verfügbar, %Ln Laufwerke</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>trimscope::gui::HistoryTab</name>
    <message>
        <source>about %1 years</source>
        <translation>etwa %1 Jahre</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>unbekannt</translation>
    </message>
    <message>
        <source>E&amp;xport chart…</source>
        <translation>Diagramm e&amp;xportieren…</translation>
    </message>
    <message>
        <source>Show:</source>
        <translation>Zeigen:</translation>
    </message>
    <message>
        <source>Last week</source>
        <translation>Letzte Woche</translation>
    </message>
    <message>
        <source>Last year</source>
        <translation>Letztes Jahr</translation>
    </message>
    <message>
        <source>Everything recorded</source>
        <translation>Alles Erfasste</translation>
    </message>
    <message>
        <source>%1 was moved aside to %2: %3</source>
        <translation>%1 wurde nach %2 verschoben: %3</translation>
    </message>
    <message>
        <source>Select a drive to see its history.</source>
        <translation>Wählen Sie ein Laufwerk, um seinen Verlauf zu sehen.</translation>
    </message>
    <message>
        <source>%1 days recorded from %2 to %3, %4 days missing (gaps in the graphs); from %5.</source>
        <translation>%1 Tage erfasst vom %2 bis %3, %4 Tage fehlen (Lücken in den Diagrammen); aus %5.</translation>
    </message>
    <message>
        <source>Rated life from the write rate since new: %1; over the last 90 days: %2; over the last 30 days: %3.</source>
        <translation>Nennlebensdauer aus der Schreibrate seit neu: %1; der letzten 90 Tage: %2; der letzten 30 Tage: %3.</translation>
    </message>
    <message>
        <source>Also record at login</source>
        <translation>Auch bei der Anmeldung erfassen</translation>
    </message>
    <message>
        <source>Records every drive&apos;s day when you log in, also on days TrimScope is not opened: through the desktop&apos;s Background portal in the Flatpak, else an autostart entry.</source>
        <translation>Erfasst den Tag jedes Laufwerks bei der Anmeldung, auch an Tagen, an denen TrimScope nicht geöffnet wird: über das Hintergrund-Portal der Arbeitsumgebung im Flatpak, sonst über einen Autostart-Eintrag.</translation>
    </message>
    <message>
        <source>Recording at login: %1</source>
        <translation>Erfassen bei der Anmeldung: %1</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;No history of this drive yet.&lt;/b&gt;&lt;/p&gt;&lt;p&gt;TrimScope keeps each drive&apos;s health, host writes, temperature and the discards it served once a day, as they are recorded.&lt;/p&gt;&lt;p&gt;Where TrimScope was installed from its .deb, the system timer records every drive as root once you turn it on:&lt;br&gt;&lt;code&gt;systemctl enable --now trimscope-history.timer&lt;/code&gt;&lt;/p&gt;&lt;p&gt;Without it, TrimScope records once a day while it is open, and at login when you tick the box below: its collector &lt;code&gt;trimscope-history-record&lt;/code&gt;, run as you, records what udisks2 reads, with no password.&lt;/p&gt;&lt;p&gt;A day nothing was recorded on stays a gap in the graphs.&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;Für dieses Laufwerk ist noch kein Verlauf erfasst.&lt;/b&gt;&lt;/p&gt;&lt;p&gt;TrimScope hält einmal am Tag den Zustand jedes Laufwerks fest, seine Host-Schreibvorgänge, seine Temperatur und die Discards, die es ausgeführt hat, sobald sie erfasst werden.&lt;/p&gt;&lt;p&gt;Wurde TrimScope aus seinem .deb installiert, erfasst der System-Timer jedes Laufwerk als root, sobald Sie ihn einschalten:&lt;br&gt;&lt;code&gt;systemctl enable --now trimscope-history.timer&lt;/code&gt;&lt;/p&gt;&lt;p&gt;Ohne ihn erfasst TrimScope einmal am Tag, solange es geöffnet ist, und bei der Anmeldung, wenn Sie das Kästchen unten ankreuzen: sein Sammelprogramm &lt;code&gt;trimscope-history-record&lt;/code&gt;, von Ihnen selbst ausgeführt, erfasst, was udisks2 liest, ohne Passwort.&lt;/p&gt;&lt;p&gt;Ein Tag, an dem nichts erfasst wurde, bleibt eine Lücke in den Diagrammen.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;Made-up days of this simulated drive:&lt;br&gt;&lt;code&gt;trimscope-history-record --simulate %1 --days 365&lt;/code&gt;&lt;/p&gt;</source>
        <translation>&lt;p&gt;Erfundene Tage dieses simulierten Laufwerks:&lt;br&gt;&lt;code&gt;trimscope-history-record --simulate %1 --days 365&lt;/code&gt;&lt;/p&gt;</translation>
    </message>
</context>
<context>
    <name>trimscope::gui::InUseTab</name>
    <message>
        <source>Time fst&amp;rim…</source>
        <translation>&amp;fstrim messen…</translation>
    </message>
    <message>
        <source>Open timed fstrim</source>
        <translation>Zeitgemessenes fstrim öffnen</translation>
    </message>
    <message>
        <source>A result of &quot;trimscope-cli fstrim-timing&quot; (JSON).</source>
        <translation>Ein Ergebnis von „trimscope-cli fstrim-timing“ (JSON).</translation>
    </message>
    <message>
        <source>timed fstrim</source>
        <translation>zeitgemessenes fstrim</translation>
    </message>
    <message>
        <source>Or run &quot;trimscope-cli fstrim-timing MOUNT --json FILE&quot; as root and open the file here.</source>
        <translation>Oder „trimscope-cli fstrim-timing EINHÄNGEPUNKT --json DATEI“ als root ausführen und die Datei hier öffnen.</translation>
    </message>
    <message>
        <source>What this drive served in use: its own counters (read-only)</source>
        <translation>Was dieses Laufwerk im Betrieb bedient hat: seine eigenen Zähler (nur lesend)</translation>
    </message>
    <message>
        <source>Start a new &amp;period</source>
        <translation>Neuen Zeitraum be&amp;ginnen</translation>
    </message>
    <message>
        <source>Since &amp;boot</source>
        <translation>Seit dem &amp;Booten</translation>
    </message>
    <message>
        <source>Count only what the drive serves from now on</source>
        <translation>Nur zählen, was das Laufwerk ab jetzt bedient</translation>
    </message>
    <message>
        <source>Count everything since the computer started</source>
        <translation>Alles seit dem Start des Computers zählen</translation>
    </message>
    <message>
        <source>about 64 pieces (whole ext4 block groups)</source>
        <translation>etwa 64 Stücke (ganze ext4-Blockgruppen)</translation>
    </message>
    <message>
        <source>F&amp;ilesystem:</source>
        <translation>Dateis&amp;ystem:</translation>
    </message>
    <message>
        <source>Pieces:</source>
        <translation>Stücke:</translation>
    </message>
    <message>
        <source>Trims only what the filesystem knows to be free; files are not touched. Asks for an administrator password every time. ext4 remembers what it trimmed until the next mount: a second run before then trims nothing new.</source>
        <translation>Trimmt nur, was das Dateisystem als frei kennt; Dateien bleiben unberührt. Fragt jedes Mal nach einem Administratorpasswort. ext4 merkt sich bis zum nächsten Einhängen, was es getrimmt hat: Ein zweiter Lauf vorher trimmt nichts Neues.</translation>
    </message>
    <message>
        <source>No filesystem of this drive is mounted on this computer.</source>
        <translation>Kein Dateisystem dieses Laufwerks ist auf diesem Computer eingehängt.</translation>
    </message>
    <message>
        <source>The timed fstrim trims the free space of %1; files are not touched.</source>
        <translation>Das zeitgemessene fstrim trimmt den freien Speicher von %1; Dateien bleiben unberührt.</translation>
    </message>
    <message>
        <source>%1 (%2 on %3, online discard on)</source>
        <translation>%1 (%2 auf %3, Online-Discard an)</translation>
    </message>
    <message>
        <source>%1 (%2 on %3)</source>
        <translation>%1 (%2 auf %3)</translation>
    </message>
    <message>
        <source>A simulated drive has no counters: this view is for a real drive in use, the one the computer runs from too.</source>
        <translation>Ein simuliertes Laufwerk hat keine Zähler: Diese Ansicht ist für ein echtes Laufwerk im Betrieb, auch das, von dem der Computer läuft.</translation>
    </message>
    <message>
        <source>Select a real drive on the left.</source>
        <translation>Wählen Sie links ein echtes Laufwerk.</translation>
    </message>
    <message>
        <source>The counters cannot be read: %1</source>
        <translation>Die Zähler lassen sich nicht lesen: %1</translation>
    </message>
    <message>
        <source>%1: every discard the kernel sent to %2, whoever sent it (online discard, fstrim, mkfs).</source>
        <translation>%1: jeder Discard, den der Kernel an %2 gesendet hat, wer ihn auch sandte (Online-Discard, fstrim, mkfs).</translation>
    </message>
    <message>
        <source>&lt;b&gt;For this drive in use: %1&lt;/b&gt; (confidence: %2). %3</source>
        <translation>&lt;b&gt;Für dieses Laufwerk im Betrieb: %1&lt;/b&gt; (Verlässlichkeit: %2). %3</translation>
    </message>
    <message>
        <source>This is a %1 result, not a timed fstrim&apos;s.</source>
        <translation>Dies ist ein Ergebnis vom Typ %1, nicht das eines zeitgemessenen fstrim.</translation>
    </message>
</context>
<context>
    <name>trimscope::gui::JobPanel</name>
    <message>
        <source>&amp;Cancel</source>
        <translation>Abbre&amp;chen</translation>
    </message>
    <message>
        <source>A run is in progress.</source>
        <translation>Ein Lauf ist im Gange.</translation>
    </message>
    <message>
        <source>Select a drive on the left.</source>
        <translation>Wählen Sie links ein Laufwerk.</translation>
    </message>
    <message>
        <source>&amp;Destroy data and run</source>
        <translation>Daten &amp;vernichten und ausführen</translation>
    </message>
    <message>
        <source>Starting the %1…</source>
        <translation>%1 wird gestartet…</translation>
    </message>
    <message>
        <source>The %1 is running…</source>
        <translation>%1 läuft…</translation>
    </message>
    <message>
        <source>Step %1 of %2</source>
        <translation>Schritt %1 von %2</translation>
    </message>
    <message>
        <source>Step %1 of %2: %3</source>
        <translation>Schritt %1 von %2: %3</translation>
    </message>
    <message>
        <source>, about %1 left</source>
        <translation>, noch etwa %1</translation>
    </message>
    <message>
        <source>Cancelled.</source>
        <translation>Abgebrochen.</translation>
    </message>
    <message>
        <source>Cancelled; what ran until then is shown below.</source>
        <translation>Abgebrochen; was bis dahin gelaufen ist, wird unten angezeigt.</translation>
    </message>
    <message>
        <source>The %1 failed: %2</source>
        <translation>%1 ist fehlgeschlagen: %2</translation>
    </message>
    <message>
        <source>Not run yet.</source>
        <translation>Noch nicht ausgeführt.</translation>
    </message>
    <message>
        <source>There is no result to save.</source>
        <translation>Es gibt kein Ergebnis zum Speichern.</translation>
    </message>
    <message>
        <source>Save result</source>
        <translation>Ergebnis speichern</translation>
    </message>
    <message>
        <source>TrimScope results (*.json)</source>
        <translation>TrimScope-Ergebnisse (*.json)</translation>
    </message>
    <message>
        <source>Not saved: %1</source>
        <translation>Nicht gespeichert: %1</translation>
    </message>
    <message>
        <source>Result saved to %1</source>
        <translation>Ergebnis gespeichert unter %1</translation>
    </message>
    <message>
        <source>Save a cop&amp;y…</source>
        <translation>&amp;Kopie speichern…</translation>
    </message>
    <message>
        <source>Saves a copy of the result JSON (the file &quot;trimscope-cli&quot; writes) where you choose; the drive keeps its own copy anyway.</source>
        <translation>Speichert eine Kopie des Ergebnisses als JSON (die Datei, die „trimscope-cli“ schreibt) an einem Ort Ihrer Wahl; das Laufwerk behält ohnehin seine eigene.</translation>
    </message>
    <message>
        <source>Cancelling after the current step…</source>
        <translation>Abbruch nach dem laufenden Schritt…</translation>
    </message>
    <message>
        <source>%1 of %2 discards, %3 elapsed</source>
        <translation>%1 von %2 Discards, %3 vergangen</translation>
    </message>
    <message>
        <source>The %1 finished; the result is shown and kept with the drive.</source>
        <translation>%1: fertig; das Ergebnis wird gezeigt und beim Laufwerk aufbewahrt.</translation>
    </message>
    <message>
        <source>The result could not be kept: %1</source>
        <translation>Das Ergebnis konnte nicht aufbewahrt werden: %1</translation>
    </message>
</context>
<context>
    <name>trimscope::gui::LifespanEditor</name>
    <message>
        <source>SLC (1 bit per cell)</source>
        <translation>SLC (1 Bit pro Zelle)</translation>
    </message>
    <message>
        <source>MLC (2 bits per cell)</source>
        <translation>MLC (2 Bit pro Zelle)</translation>
    </message>
    <message>
        <source>TLC (3 bits per cell)</source>
        <translation>TLC (3 Bit pro Zelle)</translation>
    </message>
    <message>
        <source>QLC (4 bits per cell)</source>
        <translation>QLC (4 Bit pro Zelle)</translation>
    </message>
    <message>
        <source> cycles</source>
        <translation> Zyklen</translation>
    </message>
    <message>
        <source> ×</source>
        <translation> ×</translation>
    </message>
    <message>
        <source>Program/erase cycles each cell is rated for; the datasheet says, the cell type suggests a typical figure.</source>
        <translation>Programmier-/Löschzyklen, für die jede Zelle ausgelegt ist; maßgeblich ist das Datenblatt, der Zelltyp legt einen typischen Wert nahe.</translation>
    </message>
    <message>
        <source>How many bytes the flash writes for each byte the computer writes. 1 for large sequential writes, 3 or more for small random ones.</source>
        <translation>Wie viele Bytes der Flash-Speicher für jedes vom Computer geschriebene Byte schreibt. 1 bei großen sequenziellen Schreibvorgängen, 3 oder mehr bei kleinen zufälligen.</translation>
    </message>
    <message>
        <source>&amp;Cell type:</source>
        <translation>Zellt&amp;yp:</translation>
    </message>
    <message>
        <source>Rated c&amp;ycles:</source>
        <translation>&amp;Nennzyklen:</translation>
    </message>
    <message>
        <source>Write am&amp;plification:</source>
        <translation>Schreibverstär&amp;kung:</translation>
    </message>
</context>
<context>
    <name>trimscope::gui::LoginRecording</name>
    <message>
        <source>%1 could not be removed</source>
        <translation>%1 konnte nicht entfernt werden</translation>
    </message>
    <message>
        <source>%1 could not be written: %2</source>
        <translation>%1 konnte nicht geschrieben werden: %2</translation>
    </message>
    <message>
        <source>TrimScope drive history</source>
        <translation>TrimScope-Laufwerksverlauf</translation>
    </message>
    <message>
        <source>Records every drive&apos;s health and discards once a day</source>
        <translation>Erfasst einmal am Tag den Zustand und die Discards jedes Laufwerks</translation>
    </message>
    <message>
        <source>Record the drives&apos; health and discards once a day when you log in</source>
        <translation>Bei der Anmeldung einmal am Tag den Zustand und die Discards der Laufwerke erfassen</translation>
    </message>
    <message>
        <source>the desktop&apos;s Background portal did not answer: %1</source>
        <translation>das Hintergrund-Portal der Arbeitsumgebung hat nicht geantwortet: %1</translation>
    </message>
    <message>
        <source>not allowed: the desktop&apos;s Background setting for TrimScope says no</source>
        <translation>nicht erlaubt: die Hintergrund-Einstellung der Arbeitsumgebung für TrimScope verbietet es</translation>
    </message>
    <message>
        <source>the desktop ended the request</source>
        <translation>die Arbeitsumgebung hat die Anfrage beendet</translation>
    </message>
    <message>
        <source>the desktop did not add TrimScope to the programs started at login</source>
        <translation>die Arbeitsumgebung hat TrimScope nicht zu den Programmen hinzugefügt, die bei der Anmeldung starten</translation>
    </message>
    <message>
        <source>the desktop still starts TrimScope at login</source>
        <translation>die Arbeitsumgebung startet TrimScope weiterhin bei der Anmeldung</translation>
    </message>
</context>
<context>
    <name>trimscope::gui::MainWindow</name>
    <message>
        <source>TrimScope</source>
        <translation>TrimScope</translation>
    </message>
    <message>
        <source>&amp;Overview</source>
        <translation>Übers&amp;icht</translation>
    </message>
    <message>
        <source>&amp;TRIM Benchmark</source>
        <translation>&amp;TRIM-Benchmark</translation>
    </message>
    <message>
        <source>&amp;Advice</source>
        <translation>&amp;Empfehlung</translation>
    </message>
    <message>
        <source>Co&amp;mpare Runs</source>
        <translation>&amp;Vergleich</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Datei</translation>
    </message>
    <message>
        <source>Export &amp;chart…</source>
        <translation>&amp;Diagramm exportieren…</translation>
    </message>
    <message>
        <source>Ctrl+E</source>
        <translation>Ctrl+E</translation>
    </message>
    <message>
        <source>Export &amp;data…</source>
        <translation>Daten e&amp;xportieren…</translation>
    </message>
    <message>
        <source>Ctrl+Shift+E</source>
        <translation>Ctrl+Shift+E</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Beenden</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Ansicht</translation>
    </message>
    <message>
        <source>&amp;Refresh drives</source>
        <translation>Laufwerke &amp;aktualisieren</translation>
    </message>
    <message>
        <source>Go to &amp;drive list</source>
        <translation>Zur &amp;Laufwerksliste</translation>
    </message>
    <message>
        <source>Ctrl+L</source>
        <translation>Ctrl+L</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Hilfe</translation>
    </message>
    <message>
        <source>&amp;About TrimScope</source>
        <translation>Ü&amp;ber TrimScope</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>Run saved to %1</source>
        <translation>Lauf gespeichert unter %1</translation>
    </message>
    <message>
        <source>Export failed</source>
        <translation>Export fehlgeschlagen</translation>
    </message>
    <message>
        <source>Chart saved to %1</source>
        <translation>Diagramm gespeichert unter %1</translation>
    </message>
    <message>
        <source>Export data</source>
        <translation>Daten exportieren</translation>
    </message>
    <message>
        <source>CSV table (*.csv);;TrimScope JSON (*.json)</source>
        <translation>CSV-Tabelle (*.csv);;TrimScope-JSON (*.json)</translation>
    </message>
    <message>
        <source>Data saved to %1</source>
        <translation>Daten gespeichert unter %1</translation>
    </message>
    <message>
        <source>A %1 is running</source>
        <translation>%1 läuft</translation>
    </message>
    <message>
        <source>TrimScope results (*.json)</source>
        <translation>TrimScope-Ergebnisse (*.json)</translation>
    </message>
    <message>
        <source>Not opened</source>
        <translation>Nicht geöffnet</translation>
    </message>
    <message>
        <source>&amp;Write &amp;&amp; Stall Tests</source>
        <translation>Sch&amp;reib- &amp;&amp; Stall-Tests</translation>
    </message>
    <message>
        <source>H&amp;ealth</source>
        <translation>&amp;Zustand</translation>
    </message>
    <message>
        <source>File&amp;system</source>
        <translation>Datei&amp;system</translation>
    </message>
    <message>
        <source>This drive has no run to export yet: run a benchmark first.</source>
        <translation>Für dieses Laufwerk gibt es noch keinen Lauf zum Exportieren: Messen Sie zuerst.</translation>
    </message>
    <message>
        <source>Ctrl+D</source>
        <translation>Ctrl+D</translation>
    </message>
    <message>
        <source>Dia&amp;gnose drive…</source>
        <translation>Laufwerk dia&amp;gnostizieren…</translation>
    </message>
    <message>
        <source>Measurement running</source>
        <translation>Messung läuft</translation>
    </message>
    <message>
        <source>A %1 is running. Cancel it and quit?</source>
        <translation>%1 läuft. Abbrechen und beenden?</translation>
    </message>
    <message>
        <source>This drive in &amp;use</source>
        <translation>La&amp;ufwerk im Betrieb</translation>
    </message>
    <message>
        <source>&amp;Open results…</source>
        <translation>Ergebnisse ö&amp;ffnen…</translation>
    </message>
    <message>
        <source>Export &amp;report…</source>
        <translation>Bericht ex&amp;portieren…</translation>
    </message>
    <message>
        <source>Ctrl+Shift+R</source>
        <translation>Ctrl+Shift+R</translation>
    </message>
    <message>
        <source>Select a drive first: a report is about one drive.</source>
        <translation>Wählen Sie zuerst ein Laufwerk: ein Bericht gilt einem Laufwerk.</translation>
    </message>
    <message>
        <source>PDF, one page (*.pdf)</source>
        <translation>PDF, eine Seite (*.pdf)</translation>
    </message>
    <message>
        <source>HTML, one file with everything inside (*.html)</source>
        <translation>HTML, eine Datei mit allem darin (*.html)</translation>
    </message>
    <message>
        <source>Export report</source>
        <translation>Bericht exportieren</translation>
    </message>
    <message>
        <source>Report saved to %1</source>
        <translation>Bericht gespeichert unter %1</translation>
    </message>
    <message>
        <source>Open results</source>
        <translation>Ergebnisse öffnen</translation>
    </message>
    <message>
        <source>Report a &amp;bug (online)…</source>
        <translation>&amp;Fehler melden (online)…</translation>
    </message>
    <message>
        <source>Attach the report from File &gt; Export report…: it names the drive, the version and what was measured.</source>
        <translation>Hängen Sie den Bericht aus Datei &gt; Bericht exportieren… an: er nennt das Laufwerk, die Version und was gemessen wurde.</translation>
    </message>
    <message>
        <source>This run was stored already; it is ticked in Compare.</source>
        <translation>Dieser Lauf war schon gespeichert; er ist im Vergleich abgehakt.</translation>
    </message>
    <message>
        <source>Run stored and ticked in Compare.</source>
        <translation>Lauf gespeichert und im Vergleich abgehakt.</translation>
    </message>
    <message>
        <source>Health report from %1.</source>
        <translation>Zustandsbericht aus %1.</translation>
    </message>
    <message>
        <source>Trac&amp;k record</source>
        <translation>&amp;Jahresverlauf</translation>
    </message>
    <message>
        <source>Waiting for %1 to be listed…</source>
        <translation>Warten, bis %1 aufgelistet wird…</translation>
    </message>
    <message>
        <source>User &amp;guide</source>
        <translation>&amp;Anleitung</translation>
    </message>
    <message>
        <source>What each tab does and how to read it, without a browser; F1 opens it at the tab shown.</source>
        <translation>Was jeder Reiter tut und wie man ihn liest, ohne Browser; F1 öffnet sie beim gezeigten Reiter.</translation>
    </message>
    <message>
        <source>README (&amp;online)</source>
        <translation>README (&amp;online)</translation>
    </message>
    <message>
        <source>The README on the project&apos;s homepage: each measurement in technical detail, and the command line (man trimscope-cli).</source>
        <translation>Die README auf der Homepage des Projekts: jede Messung technisch im Einzelnen, und die Befehlszeile (man trimscope-cli).</translation>
    </message>
    <message>
        <source>&amp;Overview</source>
        <comment>short tab title</comment>
        <translation>Übers&amp;icht</translation>
    </message>
    <message>
        <source>&amp;TRIM</source>
        <comment>short tab title</comment>
        <translation>&amp;TRIM</translation>
    </message>
    <message>
        <source>H&amp;ealth</source>
        <comment>short tab title</comment>
        <translation>&amp;Zustand</translation>
    </message>
    <message>
        <source>Trac&amp;k record</source>
        <comment>short tab title</comment>
        <translation>&amp;Journal</translation>
    </message>
    <message>
        <source>File&amp;system</source>
        <comment>short tab title</comment>
        <translation>Datei&amp;system</translation>
    </message>
    <message>
        <source>&amp;Write &amp;&amp; Stall</source>
        <comment>short tab title</comment>
        <translation>Sch&amp;reib- &amp;&amp; Stall</translation>
    </message>
    <message>
        <source>In &amp;use</source>
        <comment>short tab title</comment>
        <translation>In N&amp;utzung</translation>
    </message>
    <message>
        <source>&amp;Advice</source>
        <comment>short tab title</comment>
        <translation>&amp;Empfehlung</translation>
    </message>
    <message>
        <source>Co&amp;mpare</source>
        <comment>short tab title</comment>
        <translation>&amp;Vergleich</translation>
    </message>
    <message numerus="yes">
        <source>%Ln file(s) could not be opened:</source>
        <translation>
            <numerusform>%Ln Datei konnte nicht geöffnet werden:</numerusform>
            <numerusform>%Ln Dateien konnten nicht geöffnet werden:</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>trimscope::gui::OverviewTab</name>
    <message>
        <source>Select a drive on the left.</source>
        <translation>Wählen Sie links ein Laufwerk.</translation>
    </message>
    <message>
        <source>Served by &lt;b&gt;%1&lt;/b&gt;: %2</source>
        <translation>Über &lt;b&gt;%1&lt;/b&gt;: %2</translation>
    </message>
    <message>
        <source>Drive</source>
        <translation>Laufwerk</translation>
    </message>
    <message>
        <source>Device</source>
        <translation>Gerät</translation>
    </message>
    <message>
        <source>Vendor</source>
        <translation>Hersteller</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Modell</translation>
    </message>
    <message>
        <source>Serial number</source>
        <translation>Seriennummer</translation>
    </message>
    <message>
        <source>Firmware</source>
        <translation>Firmware</translation>
    </message>
    <message>
        <source>Bus</source>
        <translation>Bus</translation>
    </message>
    <message>
        <source>Capacity</source>
        <translation>Kapazität</translation>
    </message>
    <message>
        <source>%1 (%2 bytes)</source>
        <translation>%1 (%2 Bytes)</translation>
    </message>
    <message>
        <source>Block size</source>
        <translation>Blockgröße</translation>
    </message>
    <message>
        <source>%1 logical, %2 physical</source>
        <translation>%1 logisch, %2 physisch</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>Art</translation>
    </message>
    <message>
        <source>rotating disk</source>
        <translation>Festplatte (rotierend)</translation>
    </message>
    <message>
        <source>solid state</source>
        <translation>Halbleiter (SSD)</translation>
    </message>
    <message>
        <source>In use</source>
        <translation>Belegt</translation>
    </message>
    <message>
        <source>Discard (TRIM)</source>
        <translation>Discard (TRIM)</translation>
    </message>
    <message>
        <source>Supported</source>
        <translation>Unterstützt</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>ja</translation>
    </message>
    <message>
        <source>Granularity</source>
        <translation>Granularität</translation>
    </message>
    <message>
        <source>Largest discard</source>
        <translation>Größter Discard</translation>
    </message>
    <message>
        <source>Largest discard (hardware)</source>
        <translation>Größter Discard (Hardware)</translation>
    </message>
    <message>
        <source>no: the kernel passes no discards to this drive</source>
        <translation>nein: Der Kernel reicht keine Discards an dieses Laufwerk durch</translation>
    </message>
    <message>
        <source>May it be benchmarked?</source>
        <translation>Darf es gemessen werden?</translation>
    </message>
    <message>
        <source>Yes. This drive is simulated: nothing is written anywhere.</source>
        <translation>Ja. Dieses Laufwerk ist simuliert: Es wird nirgends etwas geschrieben.</translation>
    </message>
    <message>
        <source>Yes. Nothing uses this drive. A TRIM benchmark destroys all data on it; you will be asked to confirm.</source>
        <translation>Ja. Nichts verwendet dieses Laufwerk. Ein TRIM-Benchmark vernichtet alle Daten darauf; Sie werden um Bestätigung gebeten.</translation>
    </message>
    <message>
        <source>No, because:</source>
        <translation>Nein, weil:</translation>
    </message>
    <message>
        <source>none (simulated in this program)</source>
        <translation>keiner (in diesem Programm simuliert)</translation>
    </message>
</context>
<context>
    <name>trimscope::gui::PlanEditor</name>
    <message>
        <source>Discards timed per size</source>
        <translation>Gemessene Discards pro Größe</translation>
    </message>
    <message>
        <source>Repeat each size until its median is known to within ±5 %</source>
        <translation>Jede Größe wiederholen, bis ihr Median auf ±5 % genau bekannt ist</translation>
    </message>
    <message>
        <source>Interleaved (shuffled)</source>
        <translation>Verschränkt (gemischt)</translation>
    </message>
    <message>
        <source>Descending, pass by pass</source>
        <translation>Absteigend, Durchgang für Durchgang</translation>
    </message>
    <message>
        <source>&amp;Largest size:</source>
        <translation>&amp;Größte Größe:</translation>
    </message>
    <message>
        <source>&amp;Repeats:</source>
        <translation>&amp;Wiederholungen:</translation>
    </message>
    <message>
        <source>Ada&amp;ptive</source>
        <translation>Ada&amp;ptiv</translation>
    </message>
    <message>
        <source>Pre-write re&amp;gions</source>
        <translation>Bereiche v&amp;orher beschreiben</translation>
    </message>
    <message>
        <source>automatic (discard granularity)</source>
        <translation>automatisch (Discard-Granularität)</translation>
    </message>
    <message>
        <source>automatic (at most 2 GiB)</source>
        <translation>automatisch (höchstens 2 GiB)</translation>
    </message>
    <message>
        <source>Smallest s&amp;ize:</source>
        <translation>&amp;Kleinste Größe:</translation>
    </message>
    <message>
        <source>Or&amp;der:</source>
        <translation>Reihen&amp;folge:</translation>
    </message>
    <message>
        <source>automatic: %1 on this drive</source>
        <translation>automatisch: %1 auf diesem Laufwerk</translation>
    </message>
    <message>
        <source>Automatic: the largest size is at most 2 GiB and small enough that every discard gets a fresh region of the drive.</source>
        <translation>Automatisch: Die größte Größe ist höchstens 2 GiB und so klein, dass jedes Discard einen frischen Bereich des Laufwerks bekommt.</translation>
    </message>
    <message>
        <source>Write each region before trimming it, so the benchmark times the TRIM of written data: many drives answer a TRIM of empty space at once. Uncheck only to spare the drive the writes.</source>
        <translation>Jeden Bereich vor dem TRIM beschreiben, damit die Messung den TRIM geschriebener Daten misst: Viele Laufwerke beantworten einen TRIM von leerem Platz sofort. Nur abwählen, um dem Laufwerk die Schreibvorgänge zu ersparen.</translation>
    </message>
</context>
<context>
    <name>trimscope::gui::RecoveryTab</name>
    <message>
        <source>&amp;Run test…</source>
        <translation>Test aus&amp;führen…</translation>
    </message>
    <message>
        <source>&amp;Preset:</source>
        <translation>Um&amp;fang:</translation>
    </message>
    <message>
        <source>Cost:</source>
        <translation>Aufwand:</translation>
    </message>
    <message>
        <source>Select a drive to see what the test would cost.</source>
        <translation>Wählen Sie ein Laufwerk, um zu sehen, was der Test kosten würde.</translation>
    </message>
    <message>
        <source>Open write-recovery result</source>
        <translation>Schreiberholungs-Ergebnis öffnen</translation>
    </message>
    <message>
        <source>Write recovery (degrade, then idle and TRIM)</source>
        <translation>Schreiberholung (Einbruch, dann Leerlauf und TRIM)</translation>
    </message>
    <message>
        <source>Sequential fill curve (write cache cliff)</source>
        <translation>Sequenzielle Füllkurve (Einbruch bei erschöpftem Schreibcache)</translation>
    </message>
    <message>
        <source>sequential fill</source>
        <translation>Das sequenzielle Füllen</translation>
    </message>
    <message>
        <source>write-recovery test</source>
        <translation>Der Schreiberholungstest</translation>
    </message>
    <message>
        <source>The sequential fill (%1) overwrites the whole drive and destroys all data on it.</source>
        <translation>Das sequenzielle Füllen (%1) überschreibt das ganze Laufwerk und vernichtet alle Daten darauf.</translation>
    </message>
    <message>
        <source>The write-recovery test (%1) overwrites the whole drive and destroys all data on it.</source>
        <translation>Der Schreiberholungstest (%1) überschreibt das ganze Laufwerk und vernichtet alle Daten darauf.</translation>
    </message>
    <message>
        <source>Stall test (I/O latency beside discards)</source>
        <translation>Stall-Test (Zugriffslatenz neben Discards)</translation>
    </message>
    <message>
        <source>A result of &quot;trimscope-cli recovery&quot;, &quot;trimscope-cli fill-curve&quot; or &quot;trimscope-cli stall&quot; (JSON).</source>
        <translation>Ein Ergebnis von „trimscope-cli recovery“, „trimscope-cli fill-curve“ oder „trimscope-cli stall“ (JSON).</translation>
    </message>
    <message>
        <source>stall test</source>
        <translation>Stall-Test</translation>
    </message>
    <message>
        <source>The stall test (about %1 of reads, plus the discards&apos; own time) writes %2 and discards %3 at the start of the drive, destroying the data there.</source>
        <translation>Der Stall-Test (etwa %1 Lesen, dazu die Zeit der Discards selbst) schreibt %2 und verwirft %3 am Anfang des Laufwerks und zerstört die Daten dort.</translation>
    </message>
    <message>
        <source>On %1 the write-recovery test takes %2.&lt;br&gt;The sequential fill takes %3.&lt;br&gt;The stall test takes about %4 plus its discards, after writing %5.&lt;br&gt;&lt;small&gt;%6&lt;/small&gt;</source>
        <translation>Auf %1 dauert der Schreiberholungstest %2.&lt;br&gt;Das sequenzielle Füllen dauert %3.&lt;br&gt;Der Stall-Test dauert etwa %4 plus seine Discards, nachdem er %5 geschrieben hat.&lt;br&gt;&lt;small&gt;%6&lt;/small&gt;</translation>
    </message>
    <message>
        <source>This is a %1 result, not a write-recovery test&apos;s, a fill curve&apos;s or a stall test&apos;s.</source>
        <translation>Dies ist ein %1-Ergebnis, keines einer Schreib-Erholung, einer Füllkurve oder eines Stall-Tests.</translation>
    </message>
    <message>
        <source>write-recovery test, fill curve or stall test</source>
        <translation>Schreib-Erholungstest, Füllkurve oder Stall-Test</translation>
    </message>
    <message>
        <source>Or run &quot;trimscope-cli recovery DEVICE --destroy-data --json FILE&quot; (or fill-curve, or stall) on a spare drive and open the file here.</source>
        <translation>Oder führen Sie „trimscope-cli recovery GERÄT --destroy-data --json DATEI“ (oder fill-curve oder stall) auf einem freien Laufwerk aus und öffnen Sie die Datei hier.</translation>
    </message>
    <message>
        <source>standard</source>
        <translation>Standard</translation>
    </message>
    <message>
        <source>quick</source>
        <translation>schnell</translation>
    </message>
    <message>
        <source>smoke test (seconds)</source>
        <translation>Kurztest (Sekunden)</translation>
    </message>
    <message>
        <source>Degradation and recovery</source>
        <translation>Einbruch und Erholung</translation>
    </message>
    <message>
        <source>Sequential fill</source>
        <translation>Sequenzielles Füllen</translation>
    </message>
    <message>
        <source>Stall</source>
        <translation>Stall</translation>
    </message>
    <message>
        <source>Table</source>
        <translation>Tabelle</translation>
    </message>
    <message>
        <source>E&amp;xperiment:</source>
        <translation>E&amp;xperiment:</translation>
    </message>
    <message>
        <source>Cannot run on this drive (see below).</source>
        <translation>Kann auf diesem Laufwerk nicht laufen (siehe unten).</translation>
    </message>
</context>
<context>
    <name>trimscope::gui::ResultBatch</name>
    <message>
        <source>Open results</source>
        <translation>Ergebnisse öffnen</translation>
    </message>
    <message>
        <source>Opening %1 of %2…</source>
        <translation>%1 von %2 wird geöffnet…</translation>
    </message>
    <message numerus="yes">
        <source>Reading %Ln result file(s)…</source>
        <translation>
            <numerusform>%Ln Ergebnisdatei wird gelesen…</numerusform>
            <numerusform>%Ln Ergebnisdateien werden gelesen…</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Cancelled: opened %1 of %Ln result(s).</source>
        <translation>
            <numerusform>Abgebrochen: %1 von %Ln Ergebnis geöffnet.</numerusform>
            <numerusform>Abgebrochen: %1 von %Ln Ergebnissen geöffnet.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1, %2 (%Ln duplicate(s) skipped)</source>
        <translation>
            <numerusform>%1, %2 (%Ln Duplikat übersprungen)</numerusform>
            <numerusform>%1, %2 (%Ln Duplikate übersprungen)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln file(s)</source>
        <translation>
            <numerusform>%Ln Datei</numerusform>
            <numerusform>%Ln Dateien</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln run(s)</source>
        <translation>
            <numerusform>%Ln Lauf</numerusform>
            <numerusform>%Ln Läufe</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Opened %1 of %Ln result(s).</source>
        <translation>
            <numerusform>%1 von %Ln Ergebnis geöffnet.</numerusform>
            <numerusform>%1 von %Ln Ergebnissen geöffnet.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>trimscope::gui::ResultsTable</name>
    <message>
        <source>Size</source>
        <translation>Größe</translation>
    </message>
    <message>
        <source>Samples</source>
        <translation>Messwerte</translation>
    </message>
    <message>
        <source>Median</source>
        <translation>Median</translation>
    </message>
    <message>
        <source>5th pct.</source>
        <translation>5. Perz.</translation>
    </message>
    <message>
        <source>95th pct.</source>
        <translation>95. Perz.</translation>
    </message>
    <message>
        <source>Min</source>
        <translation>Min.</translation>
    </message>
    <message>
        <source>Max</source>
        <translation>Max.</translation>
    </message>
    <message>
        <source>Throughput</source>
        <translation>Durchsatz</translation>
    </message>
</context>
<context>
    <name>trimscope::gui::RunHistory</name>
    <message>
        <source>Every run on this drive is kept; choose one to show it.</source>
        <translation>Jeder Lauf auf diesem Laufwerk wird aufbewahrt; wählen Sie einen, um ihn zu zeigen.</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>none yet</source>
        <translation>noch keiner</translation>
    </message>
    <message>
        <source>%1, diagnosis</source>
        <translation>%1, Diagnose</translation>
    </message>
    <message>
        <source>%1, diagnosis (%2)</source>
        <translation>%1, Diagnose (%2)</translation>
    </message>
    <message>
        <source>reading…</source>
        <translation>wird gelesen…</translation>
    </message>
</context>
<context>
    <name>trimscope::gui::SimulatedBackend</name>
    <message>
        <source>Simulated drives</source>
        <translation>Simulierte Laufwerke</translation>
    </message>
    <message>
        <source>Simulated in this program from a latency model; no disk is touched.</source>
        <translation>In diesem Programm anhand eines Latenzmodells simuliert; kein Datenträger wird berührt.</translation>
    </message>
    <message>
        <source>always available, runs in process</source>
        <translation>immer verfügbar, läuft im Programm</translation>
    </message>
    <message>
        <source>no</source>
        <translation>nein</translation>
    </message>
    <message>
        <source>This drive does not support discard (TRIM).</source>
        <translation>Dieses Laufwerk unterstützt kein Discard (TRIM).</translation>
    </message>
    <message>
        <source>Simulated drives have no SMART data; example data is shown instead.</source>
        <translation>Simulierte Laufwerke haben keine SMART-Daten; stattdessen werden Beispieldaten angezeigt.</translation>
    </message>
    <message>
        <source>TRIM benchmark and background-TRIM probe</source>
        <translation>TRIM-Benchmark und Hintergrund-TRIM-Test</translation>
    </message>
    <message>
        <source>on modelled drives; nothing is written anywhere</source>
        <translation>auf modellierten Laufwerken; nirgends wird etwas geschrieben</translation>
    </message>
    <message>
        <source>example data of a real drive</source>
        <translation>Beispieldaten eines echten Laufwerks</translation>
    </message>
    <message>
        <source>a simulated drive has no device to format or write</source>
        <translation>ein simuliertes Laufwerk hat kein Gerät, das formatiert oder beschrieben werden könnte</translation>
    </message>
    <message>
        <source>use a real drive through the TrimScope helper</source>
        <translation>verwenden Sie ein echtes Laufwerk über das TrimScope-Hilfsprogramm</translation>
    </message>
    <message>
        <source>health</source>
        <translation>Zustand</translation>
    </message>
    <message>
        <source>file-system experiments and write tests</source>
        <translation>Dateisystem-Experimente und Schreibtests</translation>
    </message>
</context>
<context>
    <name>trimscope::gui::SuspendInhibitor</name>
    <message>
        <source>no system bus</source>
        <translation>kein Systembus</translation>
    </message>
    <message>
        <source>Suspend is inhibited while the benchmark runs (logind).</source>
        <translation>Der Ruhezustand ist während des Benchmarks verhindert (logind).</translation>
    </message>
    <message>
        <source>Suspend could not be inhibited (logind: %1; no session bus for the portal). Keep the machine awake yourself.</source>
        <translation>Der Ruhezustand konnte nicht verhindert werden (logind: %1; kein Sitzungsbus für das Portal). Halten Sie den Computer selbst wach.</translation>
    </message>
    <message>
        <source>Suspend could not be inhibited (logind: %1; portal: %2). Keep the machine awake yourself.</source>
        <translation>Der Ruhezustand konnte nicht verhindert werden (logind: %1; Portal: %2). Halten Sie den Computer selbst wach.</translation>
    </message>
    <message>
        <source>Suspend is inhibited while the benchmark runs (desktop portal).</source>
        <translation>Der Ruhezustand ist während des Benchmarks verhindert (Desktop-Portal).</translation>
    </message>
</context>
<context>
    <name>trimscope::gui::TrimChart</name>
    <message>
        <source>shaded band: 5th to 95th percentile</source>
        <translation>schattiertes Band: 5. bis 95. Perzentil</translation>
    </message>
    <message>
        <source>%1 per TRIM (median); 5th–95th percentile %2 to %3</source>
        <translation>%1 je TRIM (Median); 5.–95. Perzentil %2 bis %3</translation>
    </message>
    <message>
        <source>%1 at the median; 5th–95th percentile %2 to %3</source>
        <translation>%1 beim Median; 5.–95. Perzentil %2 bis %3</translation>
    </message>
    <message>
        <source>%1
%2 discards: %3</source>
        <translation>%1
Discards von %2: %3</translation>
    </message>
</context>
<context>
    <name>trimscope::gui::UdisksBackend</name>
    <message>
        <source>unknown (%1)</source>
        <translation>unbekannt (%1)</translation>
    </message>
    <message>
        <source>looking for udisks2…</source>
        <translation>udisks2 wird gesucht…</translation>
    </message>
    <message>
        <source>udisks2 (host)</source>
        <translation>udisks2 (Host)</translation>
    </message>
    <message>
        <source>udisks2 opens the drive after asking for your permission; TrimScope then measures it itself.</source>
        <translation>udisks2 öffnet das Laufwerk, nachdem es Sie um Erlaubnis gefragt hat; TrimScope misst es dann selbst.</translation>
    </message>
    <message>
        <source>unavailable: no system D-Bus</source>
        <translation>nicht verfügbar: kein System-D-Bus</translation>
    </message>
    <message>
        <source>unavailable: %1</source>
        <translation>nicht verfügbar: %1</translation>
    </message>
    <message>
        <source>udisks2 no longer lists this drive</source>
        <translation>udisks2 führt dieses Laufwerk nicht mehr auf</translation>
    </message>
    <message>
        <source>udisks2 is %1.</source>
        <translation>udisks2 ist %1.</translation>
    </message>
    <message>
        <source>no system D-Bus</source>
        <translation>kein System-D-Bus</translation>
    </message>
    <message>
        <source>unavailable: udisks2 is not running</source>
        <translation>nicht verfügbar: udisks2 läuft nicht</translation>
    </message>
    <message>
        <source>TRIM benchmark and background-TRIM probe</source>
        <translation>TRIM-Benchmark und Hintergrund-TRIM-Test</translation>
    </message>
    <message>
        <source>udisks2 is not running</source>
        <translation>udisks2 läuft nicht</translation>
    </message>
    <message>
        <source>udisks2 did not answer: %1</source>
        <translation>udisks2 hat nicht geantwortet: %1</translation>
    </message>
    <message>
        <source>start udisks2.service (systemctl start udisks2), or install the udisks2 package</source>
        <translation>starten Sie udisks2.service (systemctl start udisks2) oder installieren Sie das Paket udisks2</translation>
    </message>
    <message>
        <source>see systemctl status udisks2</source>
        <translation>siehe systemctl status udisks2</translation>
    </message>
    <message>
        <source>denied by polkit: %1</source>
        <translation>von polkit verweigert: %1</translation>
    </message>
    <message>
        <source>an administrator can allow it with a polkit rule, or install the TrimScope helper</source>
        <translation>ein Administrator kann es mit einer polkit-Regel erlauben oder das TrimScope-Hilfsprogramm installieren</translation>
    </message>
    <message>
        <source>udisks2 asks for an administrator password first</source>
        <translation>udisks2 fragt zuerst nach einem Administratorpasswort</translation>
    </message>
    <message>
        <source>udisks2 asks polkit first</source>
        <translation>udisks2 fragt zuerst polkit</translation>
    </message>
    <message>
        <source>read by udisks2; it may ask for a password</source>
        <translation>von udisks2 gelesen; es fragt möglicherweise nach einem Passwort</translation>
    </message>
    <message>
        <source>needs udisks 2.10 or newer; this system has %1</source>
        <translation>braucht udisks 2.10 oder neuer; dieses System hat %1</translation>
    </message>
    <message>
        <source>an older one</source>
        <translation>eine ältere Version</translation>
    </message>
    <message>
        <source>update udisks2, or install the TrimScope helper</source>
        <translation>aktualisieren Sie udisks2 oder installieren Sie das TrimScope-Hilfsprogramm</translation>
    </message>
    <message>
        <source>they need the device node itself, which udisks2 does not lend</source>
        <translation>sie brauchen den Geräteknoten selbst, den udisks2 nicht verleiht</translation>
    </message>
    <message>
        <source>install the TrimScope helper</source>
        <translation>installieren Sie das TrimScope-Hilfsprogramm</translation>
    </message>
    <message>
        <source>health of ATA drives</source>
        <translation>Zustand von ATA-Laufwerken</translation>
    </message>
    <message>
        <source>health of NVMe drives</source>
        <translation>Zustand von NVMe-Laufwerken</translation>
    </message>
    <message>
        <source>file-system experiments and write tests</source>
        <translation>Dateisystem-Experimente und Schreibtests</translation>
    </message>
    <message numerus="yes">
        <source>available, %Ln drive(s)</source>
        <translation>
            <numerusform>verfügbar, %Ln Laufwerk</numerusform>
            <numerusform>verfügbar, %Ln Laufwerke</numerusform>
        </translation>
    </message>
</context>
</TS>
