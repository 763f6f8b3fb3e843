#include "sweepcsv.h"

namespace trimscope {

QByteArray sweepResultToCsv(const SweepResult &result)
{
    QByteArray csv = "bytes,samples,min_s,p5_s,median_s,p95_s,max_s,mean_s,stddev_s,"
                     "median_ci95_low_s,median_ci95_high_s,throughput_bytes_per_s\n";
    for (const SizePoint &point : result.points) {
        const SampleStatistics &st = point.stats;
        QStringList fields{QString::number(point.bytes), QString::number(st.count)};
        for (double value : {st.min, st.p5, st.median, st.p95, st.max, st.mean, st.stddev,
                             st.medianCiLow, st.medianCiHigh, point.throughput()})
            fields.append(QString::number(value, 'g', 9));
        csv += fields.join(QLatin1Char(',')).toUtf8() + '\n';
    }
    return csv;
}

} // namespace trimscope
