<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en_US">
<context>
    <name>CliAudit</name>
    <message numerus="yes">
        <source>%n finding(s) at warning level or above.</source>
        <translation>
            <numerusform>%n finding at warning level or above.</numerusform>
            <numerusform>%n findings at warning level or above.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>CliFstrimTiming</name>
    <message numerus="yes">
        <source>%1 served %n discard(s) meanwhile (%2, device time %3).
</source>
        <translation>
            <numerusform>%1 served %n discard meanwhile (%2, device time %3).
</numerusform>
            <numerusform>%1 served %n discards meanwhile (%2, device time %3).
</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Other I/O on %1 meanwhile: %n read(s) and write(s), %2 each on average; busy %3; at most %4 request(s) in flight, the discards included.
</source>
        <translation>
            <numerusform>Other I/O on %1 meanwhile: %n read or write, %2 each on average; busy %3; at most %4 request(s) in flight, the discards included.
</numerusform>
            <numerusform>Other I/O on %1 meanwhile: %n reads and writes, %2 each on average; busy %3; at most %4 request(s) in flight, the discards included.
</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>FITRIM returned after %1 in all; %2 was still serving discards then and finished %n more (%3) in the %4 after, counted above.
</source>
        <translation>
            <numerusform>FITRIM returned after %1 in all; %2 was still serving discards then and finished %n more (%3) in the %4 after, counted above.
</numerusform>
            <numerusform>FITRIM returned after %1 in all; %2 was still serving discards then and finished %n more (%3) in the %4 after, counted above.
</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>CliHistory</name>
    <message numerus="yes">
        <source>            (%n day(s) not recorded)
</source>
        <translation>
            <numerusform>            (%n day not recorded)
</numerusform>
            <numerusform>            (%n days not recorded)
</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 (%2, %3), %n day(s) recorded
</source>
        <translation>
            <numerusform>%1 (%2, %3), %n day recorded
</numerusform>
            <numerusform>%1 (%2, %3), %n days recorded
</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>CliWatch</name>
    <message numerus="yes">
        <source>%n discard(s) so far</source>
        <translation>
            <numerusform>%n discard so far</numerusform>
            <numerusform>%n discards so far</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Diagnose</name>
    <message numerus="yes">
        <source>%n size(s) measured with %1 discards</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
</context>
<context>
    <name>HealthWords</name>
    <message numerus="yes">
        <source>%n sector(s)</source>
        <translation>
            <numerusform>%n sector</numerusform>
            <numerusform>%n sectors</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>InUseView</name>
    <message numerus="yes">
        <source>%n read(s) and write(s), %1 each on average, at most %2 request(s) in flight.</source>
        <translation>
            <numerusform>%n read or write, %1 each on average, at most %2 request(s) in flight.</numerusform>
            <numerusform>%n reads and writes, %1 each on average, at most %2 request(s) in flight.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>TrimAdvice</name>
    <message numerus="yes">
        <source>QD1 4 KiB reads: the longest read after a discard began (%n discard(s); reads alone: median %1, longest %2)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>extrapolated from trees of %n size(s) deleted%1 (largest %2 files, %3): commands grow with the tree to the power %4, bytes in proportion</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The lines below are for filesystems you put on it. This computer&apos;s own audit findings (%n) are listed apart.</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>measured on this drive in use: %n discard(s) (%1, device time %2) served by %3 %4, by the kernel&apos;s own counters; %5</source>
        <translation>
            <numerusform>measured on this drive in use: %n discard (%1, device time %2) served by %3 %4, by the kernel&apos;s own counters; %5</numerusform>
            <numerusform>measured on this drive in use: %n discards (%1, device time %2) served by %3 %4, by the kernel&apos;s own counters; %5</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>online discard on %1 cost the drive %2 a day (%n discard(s) of %3 on average, %4)</source>
        <translation>
            <numerusform>online discard on %1 cost the drive %2 a day (%n discard of %3 on average, %4)</numerusform>
            <numerusform>online discard on %1 cost the drive %2 a day (%n discards of %3 on average, %4)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>only %n discard(s) served</source>
        <translation>
            <numerusform>only %n discard served</numerusform>
            <numerusform>only %n discards served</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>online discard on %1 sent %n discard(s) of %2 on average: %3</source>
        <translation>
            <numerusform>online discard on %1 sent %n discard of %2 on average: %3</numerusform>
            <numerusform>online discard on %1 sent %n discards of %2 on average: %3</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>trimscope::gui::AdviceTab</name>
    <message numerus="yes">
        <source>%n saved benchmark run(s)</source>
        <translation>
            <numerusform>%n saved benchmark run</numerusform>
            <numerusform>%n saved benchmark runs</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n imported benchmark run(s)</source>
        <translation>
            <numerusform>%n imported benchmark run</numerusform>
            <numerusform>%n imported benchmark runs</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>the imported audit (%n finding(s))</source>
        <translation>
            <numerusform>the imported audit (%n finding)</numerusform>
            <numerusform>the imported audit (%n findings)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>the audit of this computer (%n finding(s))</source>
        <translation>
            <numerusform>the audit of this computer (%n finding)</numerusform>
            <numerusform>the audit of this computer (%n findings)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n saved filesystem experiment(s)</source>
        <translation>
            <numerusform>%n saved filesystem experiment</numerusform>
            <numerusform>%n saved filesystem experiments</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n saved background-TRIM probe(s)</source>
        <translation>
            <numerusform>%n saved background-TRIM probe</numerusform>
            <numerusform>%n saved background-TRIM probes</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n saved stall test(s)</source>
        <translation>
            <numerusform>%n saved stall test</numerusform>
            <numerusform>%n saved stall tests</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n imported filesystem result(s)</source>
        <translation>
            <numerusform>%n imported filesystem result</numerusform>
            <numerusform>%n imported filesystem results</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n older run(s) kept with the drive count no more: the diagnosis measured everything again.</source>
        <translation>
            <numerusform>%n older run kept with the drive counts no more: the diagnosis measured everything again.</numerusform>
            <numerusform>%n older runs kept with the drive count no more: the diagnosis measured everything again.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n saved timed fstrim(s)</source>
        <translation>
            <numerusform>%n saved timed fstrim</numerusform>
            <numerusform>%n saved timed fstrims</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>trimscope::gui::BenchmarkTab</name>
    <message numerus="yes">
        <source>%n size(s) measured</source>
        <translation>
            <numerusform>%n size measured</numerusform>
            <numerusform>%n sizes measured</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n discard(s)</source>
        <translation>
            <numerusform>%n discard</numerusform>
            <numerusform>%n discards</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>trimscope::gui::CompareTab</name>
    <message numerus="yes">
        <source>Importing %n run file(s)…</source>
        <translation>
            <numerusform>Importing %n run file…</numerusform>
            <numerusform>Importing %n run files…</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Imported %n run(s).</source>
        <translation>
            <numerusform>Imported %n run.</numerusform>
            <numerusform>Imported %n runs.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n run(s) were stored already and are ticked, not copied again.</source>
        <translation>
            <numerusform>%n run was stored already and is ticked, not copied again.</numerusform>
            <numerusform>%n runs were stored already and are ticked, not copied again.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Delete %n saved run(s)?</source>
        <translation>
            <numerusform>Delete %n saved run?</numerusform>
            <numerusform>Delete %n saved runs?</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>trimscope::gui::DiagnoseBudget</name>
    <message numerus="yes">
        <source>%n min</source>
        <translation>
            <numerusform>%n min</numerusform>
            <numerusform>%n min</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>trimscope::gui::DriveList</name>
    <message numerus="yes">
        <source>%n drive(s) it also offers listed above</source>
        <translation>
            <numerusform>%n drive it also offers is listed above</numerusform>
            <numerusform>%n drives it also offers are listed above</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>trimscope::gui::HelperBackend</name>
    <message numerus="yes">
        <source>available, %n drive(s)</source>
        <translation type="unfinished">
            <numerusform>available, %n drive</numerusform>
            <numerusform>available, %n drives</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>trimscope::gui::MainWindow</name>
    <message numerus="yes">
        <source>%n file(s) could not be opened:</source>
        <translation>
            <numerusform>%n file could not be opened:</numerusform>
            <numerusform>%n files could not be opened:</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>trimscope::gui::ResultBatch</name>
    <message numerus="yes">
        <source>Reading %n result file(s)…</source>
        <translation>
            <numerusform>Reading %n result file…</numerusform>
            <numerusform>Reading %n result files…</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Cancelled: opened %1 of %n result(s).</source>
        <translation>
            <numerusform>Cancelled: opened %1 of %n result.</numerusform>
            <numerusform>Cancelled: opened %1 of %n results.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1, %2 (%n duplicate(s) skipped)</source>
        <translation>
            <numerusform>%1, %2 (%n duplicate skipped)</numerusform>
            <numerusform>%1, %2 (%n duplicates skipped)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n file(s)</source>
        <translation>
            <numerusform>%n file</numerusform>
            <numerusform>%n files</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n run(s)</source>
        <translation>
            <numerusform>%n run</numerusform>
            <numerusform>%n runs</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Opened %1 of %n result(s).</source>
        <translation>
            <numerusform>Opened %1 of %n result.</numerusform>
            <numerusform>Opened %1 of %n results.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>trimscope::gui::UdisksBackend</name>
    <message numerus="yes">
        <source>available, %n drive(s)</source>
        <translation type="unfinished">
            <numerusform>available, %n drive</numerusform>
            <numerusform>available, %n drives</numerusform>
        </translation>
    </message>
</context>
</TS>
