Texture1DArray<float4> ta : register(t0);
TextureCubeArray tc : register(t1);
Texture2DMS<float4, 4> tm : register(t2);
Buffer<uint2> bf : register(t3);
Texture2D t2 : register(t4);
Texture2DMSArray<float> tma : register(t5);
SamplerState s : register(s0);
SamplerComparisonState sc : register(s1);
float4 main(float4 p : TEXCOORD0, nointerpolation int4 q : TEXCOORD1) : SV_Target
{
    float4 r = ta.Sample(s, p.xy, 1);
    r += tc.SampleLevel(s, p, 0);
    r += tm.Load(q.xy, q.z, int2(1, -1));
    r += (float4)bf.Load(q.x).xyxy;
    r += t2.Gather(s, p.xy, int2(2, 0));
    r += t2.GatherGreen(s, p.xy);
    r += t2.GatherCmpAlpha(sc, p.xy, p.z);
    r += tma.Load(q.xyz, 2);
    uint w, h, n, e;
    tm.GetDimensions(w, h, n);
    r.x += w + h * 10 + n * 100;
    tma.GetDimensions(w, h, e, n);
    ta.GetDimensions(0, w, e, n);
    r.y += w + e * 10 + n * 100;
    return r;
}
