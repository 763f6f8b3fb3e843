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
        <source>%Ln size(s) measured with %1 discards</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
</context>
<context>
    <name>HealthWords</name>
    <message numerus="yes">
        <source>%Ln sector(s)</source>
        <translation>
            <numerusform>%Ln sector</numerusform>
            <numerusform>%Ln sectors</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>InUseView</name>
    <message numerus="yes">
        <source>%Ln read(s) and write(s), %1 each on average, at most %2 request(s) in flight.</source>
        <translation>
            <numerusform>%Ln read or write, %1 each on average, at most %2 request(s) in flight.</numerusform>
            <numerusform>%Ln reads and writes, %1 each on average, at most %2 request(s) in flight.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>TrimAdvice</name>
    <message numerus="yes">
        <source>extrapolated from trees of %Ln size(s) deleted%1 (largest %2 files, %3): commands grow with the tree to the power %4, bytes in proportion</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>QD1 4 KiB reads: the longest read after a discard began (%Ln discard(s); reads alone: median %1, longest %2)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>measured on this drive in use: %Ln discard(s) (%1, device time %2) served by %3 %4, by the kernel&apos;s own counters; %5</source>
        <translation>
            <numerusform>measured on this drive in use: %Ln discard (%1, device time %2) served by %3 %4, by the kernel&apos;s own counters; %5</numerusform>
            <numerusform>measured on this drive in use: %Ln discards (%1, device time %2) served by %3 %4, by the kernel&apos;s own counters; %5</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>online discard on %1 cost the drive %2 a day (%Ln discard(s) of %3 on average, %4)</source>
        <translation>
            <numerusform>online discard on %1 cost the drive %2 a day (%Ln discard of %3 on average, %4)</numerusform>
            <numerusform>online discard on %1 cost the drive %2 a day (%Ln discards of %3 on average, %4)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>online discard on %1 sent %Ln discard(s) of %2 on average: %3</source>
        <translation>
            <numerusform>online discard on %1 sent %Ln discard of %2 on average: %3</numerusform>
            <numerusform>online discard on %1 sent %Ln discards of %2 on average: %3</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>only %Ln discard(s) served</source>
        <translation>
            <numerusform>only %Ln discard served</numerusform>
            <numerusform>only %Ln discards served</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The lines below are for filesystems you put on it. This computer&apos;s own audit findings (%Ln) are listed apart.</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
</context>
<context>
    <name>trimscope::gui::AdviceTab</name>
    <message numerus="yes">
        <source>%Ln saved benchmark run(s)</source>
        <translation>
            <numerusform>%Ln saved benchmark run</numerusform>
            <numerusform>%Ln saved benchmark runs</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln saved filesystem experiment(s)</source>
        <translation>
            <numerusform>%Ln saved filesystem experiment</numerusform>
            <numerusform>%Ln saved filesystem experiments</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln saved background-TRIM probe(s)</source>
        <translation>
            <numerusform>%Ln saved background-TRIM probe</numerusform>
            <numerusform>%Ln saved background-TRIM probes</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln saved stall test(s)</source>
        <translation>
            <numerusform>%Ln saved stall test</numerusform>
            <numerusform>%Ln saved stall tests</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln saved timed fstrim(s)</source>
        <translation>
            <numerusform>%Ln saved timed fstrim</numerusform>
            <numerusform>%Ln saved timed fstrims</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln imported benchmark run(s)</source>
        <translation>
            <numerusform>%Ln imported benchmark run</numerusform>
            <numerusform>%Ln imported benchmark runs</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln imported filesystem result(s)</source>
        <translation>
            <numerusform>%Ln imported filesystem result</numerusform>
            <numerusform>%Ln imported filesystem results</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>the imported audit (%Ln finding(s))</source>
        <translation>
            <numerusform>the imported audit (%Ln finding)</numerusform>
            <numerusform>the imported audit (%Ln findings)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>the audit of this computer (%Ln finding(s))</source>
        <translation>
            <numerusform>the audit of this computer (%Ln finding)</numerusform>
            <numerusform>the audit of this computer (%Ln findings)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln saved simulated benchmark run(s)</source>
        <translation>
            <numerusform>%Ln saved simulated benchmark run</numerusform>
            <numerusform>%Ln saved simulated benchmark runs</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln saved simulated filesystem experiment(s)</source>
        <translation>
            <numerusform>%Ln saved simulated filesystem experiment</numerusform>
            <numerusform>%Ln saved simulated filesystem experiments</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln saved simulated background-TRIM probe(s)</source>
        <translation>
            <numerusform>%Ln saved simulated background-TRIM probe</numerusform>
            <numerusform>%Ln saved simulated background-TRIM probes</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln saved simulated stall test(s)</source>
        <translation>
            <numerusform>%Ln saved simulated stall test</numerusform>
            <numerusform>%Ln saved simulated stall tests</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln imported simulated benchmark run(s)</source>
        <translation>
            <numerusform>%Ln imported simulated benchmark run</numerusform>
            <numerusform>%Ln imported simulated benchmark runs</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln imported simulated filesystem result(s)</source>
        <translation>
            <numerusform>%Ln imported simulated filesystem result</numerusform>
            <numerusform>%Ln imported simulated filesystem results</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln older run(s) kept with the drive count no more: the diagnosis ran every test again.</source>
        <translation>
            <numerusform>%Ln older run kept with the drive counts no more: the diagnosis ran every test again.</numerusform>
            <numerusform>%Ln older runs kept with the drive count no more: the diagnosis ran every test again.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>trimscope::gui::BenchmarkTab</name>
    <message numerus="yes">
        <source>%Ln size(s) measured</source>
        <translation>
            <numerusform>%Ln size measured</numerusform>
            <numerusform>%Ln sizes measured</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln discard(s)</source>
        <translation>
            <numerusform>%Ln discard</numerusform>
            <numerusform>%Ln discards</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>trimscope::gui::CompareTab</name>
    <message numerus="yes">
        <source>Importing %Ln run file(s)…</source>
        <translation>
            <numerusform>Importing %Ln run file…</numerusform>
            <numerusform>Importing %Ln run files…</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Imported %Ln run(s).</source>
        <translation>
            <numerusform>Imported %Ln run.</numerusform>
            <numerusform>Imported %Ln runs.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln run(s) were stored already and are ticked, not copied again.</source>
        <translation>
            <numerusform>%Ln run was stored already and is ticked, not copied again.</numerusform>
            <numerusform>%Ln runs were stored already and are ticked, not copied again.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Delete %Ln saved run(s)?</source>
        <translation>
            <numerusform>Delete %Ln saved run?</numerusform>
            <numerusform>Delete %Ln saved runs?</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>trimscope::gui::DiagnoseBudget</name>
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
    <message numerus="yes">
        <source>%Ln drive(s) it also offers listed above</source>
        <translation>
            <numerusform>%Ln drive it also offers is listed above</numerusform>
            <numerusform>%Ln drives it also offers are listed above</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>trimscope::gui::HelperBackend</name>
    <message numerus="yes">
        <source>available, %Ln drive(s)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
</context>
<context>
    <name>trimscope::gui::MainWindow</name>
    <message numerus="yes">
        <source>%Ln file(s) could not be opened:</source>
        <translation>
            <numerusform>%Ln file could not be opened:</numerusform>
            <numerusform>%Ln files could not be opened:</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>trimscope::gui::ResultBatch</name>
    <message numerus="yes">
        <source>Reading %Ln result file(s)…</source>
        <translation>
            <numerusform>Reading %Ln result file…</numerusform>
            <numerusform>Reading %Ln result files…</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Cancelled: opened %1 of %Ln result(s).</source>
        <translation>
            <numerusform>Cancelled: opened %1 of %Ln result.</numerusform>
            <numerusform>Cancelled: opened %1 of %Ln results.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1, %2 (%Ln duplicate(s) skipped)</source>
        <translation>
            <numerusform>%1, %2 (%Ln duplicate skipped)</numerusform>
            <numerusform>%1, %2 (%Ln duplicates skipped)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln file(s)</source>
        <translation>
            <numerusform>%Ln file</numerusform>
            <numerusform>%Ln files</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln run(s)</source>
        <translation>
            <numerusform>%Ln run</numerusform>
            <numerusform>%Ln runs</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Opened %1 of %Ln result(s).</source>
        <translation>
            <numerusform>Opened %1 of %Ln result.</numerusform>
            <numerusform>Opened %1 of %Ln results.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>trimscope::gui::UdisksBackend</name>
    <message numerus="yes">
        <source>available, %Ln drive(s)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
</context>
</TS>
