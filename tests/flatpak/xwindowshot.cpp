// Saves what an X window shows as a PNG: the Flatpak's window is another client's on the same
// X server (Xvfb), which a grab from outside the sandbox sees as a user's screenshot tool does.
//   xwindowshot WINDOW-ID OUT.png      (run with QT_QPA_PLATFORM=xcb and DISPLAY set)
#include <QGuiApplication>
#include <QPixmap>
#include <QScreen>
#include <cstdio>

int main(int argc, char *argv[])
{
    QGuiApplication app(argc, argv);
    const QStringList arguments = QGuiApplication::arguments();
    bool ok = false;
    const WId window = arguments.value(1).toULongLong(&ok);
    if (arguments.size() != 3 || !ok) {
        std::fprintf(stderr, "usage: xwindowshot WINDOW-ID OUT.png\n");
        return 2;
    }
    const QPixmap shot = QGuiApplication::primaryScreen()->grabWindow(window);
    if (shot.isNull() || !shot.save(arguments.at(2), "PNG")) {
        std::fprintf(stderr, "xwindowshot: could not grab window %s\n",
                     qPrintable(arguments.at(1)));
        return 1;
    }
    std::printf("%dx%d\n", shot.width(), shot.height());
    return 0;
}
