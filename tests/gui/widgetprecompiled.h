// The precompiled header of the widget tests in this folder (CMakeLists.txt says why they have
// their own): the Qt Core and standard headers of every target's, the Widgets, Charts and Qt Test
// headers most of these tests and the GUI headers they include read. Qt Test's headers read this
// folder's QT_TESTCASE_BUILDDIR and QT_TESTCASE_SOURCEDIR, the same for every test here.
#include "../../cmake/precompiled.h"

#include <QAction>
#include <QApplication>
#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QDialog>
#include <QLabel>
#include <QLineEdit>
#include <QMainWindow>
#include <QMenuBar>
#include <QMessageBox>
#include <QProgressBar>
#include <QPushButton>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTableWidget>
#include <QTest>
#include <QTimer>
#include <QTreeWidget>
#include <QValueAxis>
#include <QWidget>
