/*
 * A drive database in smartmontools' drivedb.h syntax, written for TrimScope's tests (not
 * copied from smartmontools): the entries are made up to reach every path of the parser and the
 * matcher. Comments hold what a careless parser trips over: "quotes", {braces}, a // inside
 * a block comment, and entries that are commented out:
 * { "COMMENTED OUT", "INTEL SSDSA2CW120G3", "", "", "-v 225,raw48,Wrong_Name" },
 */

/*
const drive_settings builtin_knowndrives[] = {
 */
  { "VERSION: 9.9 $Id: drivedb.h 1234 2030-01-01 00:00:00Z tester $",
    "-", "-",
    "Version information",
    ""
  },
  { "DEFAULT",
    "-", "-",
    "Default settings",
    "-v 5,raw16(raw16),Reallocated_Sector_Ct "
    "-v 9,raw24(raw8),Power_On_Hours "
    // { "a brace and a quote in a line comment
    "-v 12,raw48,Power_Cycle_Count "
    "-v 177,raw48,Wear_Leveling_Count,SSD "
    "-v 202,raw48,Data_Address_Mark_Errs,HDD "
    "-v 232,raw48,Available_Reservd_Space "
    "-v 233,raw48,Media_Wearout_Indicator,SSD "
    "-v 241,raw48,Total_LBAs_Written"
  },
  { "$Switched off: never matches",
    "INTEL SSDSA2CW120G3",
    "", "", "-v 225,raw48,Switched_Off"
  },
  { "USB: Some box; Some bridge",
    "0x1234:0x5678",
    "", "", "-d sat"
  },
  { "Made-up Intel 320 family", /* tested with INTEL SSDSA2CW120G3/4PC10302 */
    "INTEL SSDSA2[BC]W(040|080|120|160|300|600)G3" // the model, in two "adjacent"
      "[AH]?",                                      // literals
    "",
    "",
    "-F nologdir "
    "-v 225,raw48,Host_Writes_32MiB "
    "-v 226,raw48,Workld_Media_Wear_Indic "
    "-v 241,raw48,Host_Writes_32MiB "
    "-v 242,raw48,Host_Reads_32MiB"
  },
  { "Made-up family with a firmware filter and a warning",
    "MCCOE64GEMPP",
    "2\\.9\\.0[0-9]",
    "A made-up warning with \"quotes\" and a backslash \\ in it:\n"
    "see http://example.invalid/firmware",
    "-v 190,tempminmax,Airflow_Temperature_Cel "
    "-v 232,raw48,Available_Reservd_Space "
    "-v 12,raw24/raw24"
  },
/*
}; // builtin_knowndrives[]
 */
